import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLite from "better-sqlite3";
import {
  Kysely,
  type LogEvent,
  PostgresDialect,
  type SelectQueryBuilder,
  SqliteDialect,
  sql,
  type Transaction,
} from "kysely";
import type pg from "pg";
import { pipelinedPool } from "./pipelined-reads.js";
import type { Database as Tables } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export type Db = Kysely<Tables>;
/** What a repository function runs on: the database, or the caller's transaction. */
export type Executor = Db | Transaction<Tables>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Postgres pool, for LISTEN/NOTIFY fan-out; undefined on SQLite. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

/**
 * Each driver loads with the first database of its kind, so a server on SQLite never loads pg and one on
 * PostgreSQL never loads better-sqlite3: what a process loads, V8 keeps (docs/decisions/0252-small-machine-settings.md).
 */
const require = createRequire(import.meta.url);

interface PostgresDriver {
  pg: typeof pg;
  /** The pool's client: it prepares the hot statements (`prepareOnPostgres`). */
  PreparingClient: typeof pg.Client;
}
let postgres: PostgresDriver | undefined;

/** pg, loaded once, with int8 read as a number. */
export function postgresDriver(): PostgresDriver {
  if (postgres) return postgres;
  const driver = require("pg") as typeof pg;
  // COUNT(*) and other int8 results arrive as strings by default; our counts fit in a double.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
  postgres = { pg: driver, PreparingClient: preparingClient(driver) };
  return postgres;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export function openDatabase(
  url: string,
  options: {
    poolSize?: number;
    /**
     * PostgreSQL: reads outside a transaction go out on this many shared connections in pipeline
     * mode (pipelined-reads.ts); 0 sends each statement on a connection of the pool.
     */
    pipelines?: number;
    onIdleError?: (err: Error) => void;
    /** Called with every statement sent, BEGIN and COMMIT included (tests count round trips). */
    onQuery?: (sql: string) => void;
  } = {},
): DatabaseHandle {
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        onQuery(event.query.sql);
      }
    : undefined;
  if (isPostgresUrl(url)) {
    const { pg, PreparingClient } = postgresDriver();
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, Client: PreparingClient });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    const onError = (err: Error) => options.onIdleError?.(err);
    pool.on("error", onError);
    const pipelines = options.pipelines ?? 0;
    const openPipe = () => new PreparingClient({ connectionString: url, pipeline: true });
    const dialectPool = pipelines > 0 ? pipelinedPool(pool, openPipe, pipelines, onError) : pool;
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: dialectPool as pg.Pool }), log });
    return { db, dialect: "postgres", pool, close: () => db.destroy() };
  }
  const file = url === ":memory:" ? ":memory:" : url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new (require("better-sqlite3") as typeof SQLite)(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // 16 MB of pages in SQLite's own cache: with a year of data the indexes' inner pages and a page's rows no longer
  // fit in 512 KB, and every miss is a system call and a copy from the OS (docs/decisions/0437-sqlite-page-cache-for-a-year.md).
  sqlite.pragma("cache_size = -16384");
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
  return { db, dialect: "sqlite", pool: undefined, close: () => db.destroy() };
}

/** The texts PostgreSQL prepares once per connection, by name: the hot statements, and the texts run often. */
const preparedTexts = new Map<string, string>();

/**
 * A text is prepared once it has been sent this many times, as JDBC's driver does by default
 * (`prepareThreshold`): a one-off query is never kept (docs/decisions/0434-repeated-statements-prepared-on-postgres.md).
 */
const PREPARE_AFTER = 5;
/** At most this many texts prepared by use, in a process; each connection keeps those it ran (JDBC keeps 256). */
const PREPARED_BY_USE_MAX = 256;
/** Texts counted towards preparing, forgotten all at once at this size. */
const COUNTED_MAX = 4_096;
const counted = new Map<string, number>();
let preparedByUse = 0;

/**
 * Asks PostgreSQL to prepare this statement's text once per connection and reuse it: parsing and
 * planning the hold's statement took about two thirds of its database time
 * (docs/decisions/0231-hot-statements-prepared-on-postgres.md).
 * Only for a fixed set of texts (each compiled statement's shape), so connections never pile up
 * prepared statements for texts that vary, such as IN lists of any length.
 */
export function prepareOnPostgres(text: string): void {
  if (!preparedTexts.has(text)) preparedTexts.set(text, `careerprep_${preparedTexts.size}`);
}

/**
 * Only a statement whose result keeps its columns is prepared by use: a `*` would take in a column a
 * rolling upgrade adds, and PostgreSQL refuses to run a prepared statement whose result changed.
 */
const preparableByUse = (text: string) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.replace(/count\(\*\)/gi, "").includes("*");

/** The name a text is sent under, once it is registered or has been sent often enough; undefined: unnamed. */
function statementName(text: string): string | undefined {
  const name = preparedTexts.get(text);
  if (name !== undefined || preparedByUse >= PREPARED_BY_USE_MAX || !preparableByUse(text)) return name;
  const times = (counted.get(text) ?? 0) + 1;
  if (times < PREPARE_AFTER) {
    if (counted.size >= COUNTED_MAX) counted.clear();
    counted.set(text, times);
    return undefined;
  }
  counted.delete(text);
  preparedByUse++;
  prepareOnPostgres(text);
  return preparedTexts.get(text);
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed since it was prepared (a migration). */
const resultTypeChanged = (error: unknown) =>
  (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(String(error));

/**
 * A pg client that sends a prepared text as a named statement: parsed once, planned once it pays. A
 * statement refused because a migration changed its result is sent unnamed from then on, on that
 * connection, and run again unnamed when no transaction was open (nothing ran: the refusal comes first).
 */
function preparingClient(driver: typeof pg): typeof pg.Client {
  return class PreparingClient extends driver.Client {
    readonly #stale = new Set<string>();

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is rewritten.
    override query(config: any, values?: any, callback?: any): any {
      const name = typeof config === "string" && Array.isArray(values) ? statementName(config) : undefined;
      if (!name || this.#stale.has(name)) return super.query(config, values, callback);
      if (callback) return super.query({ name, text: config, values }, callback);
      return super.query({ name, text: config, values }).catch((error: unknown) => {
        if (!resultTypeChanged(error)) throw error;
        this.#stale.add(name);
        if ((this as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== "I") throw error;
        return super.query(config, values);
      });
    }
  };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a small query, and the
 * app runs the same few hundred statements over and over. Statements are reused by their SQL text
 * (safe here: the app never streams, so a statement is never busy when it is run again).
 */
function withStatementCache(sqlite: SQLite.Database, max = 1_000) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // A transaction takes the write lock when it begins: one that read first and wrote later would
      // fail (SQLITE_BUSY_SNAPSHOT) if another process (the admin CLI, a backup, a test) wrote in
      // between, where waiting (busy_timeout) is what we want.
      const sql = text === "begin" ? "begin immediate" : text;
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Locks the selected rows until the transaction ends. PostgreSQL needs FOR UPDATE; SQLite needs
 * nothing because a write transaction there is already exclusive (one connection, serialized).
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  dialect: Dialect,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === "postgres" ? query.forUpdate() : query;
}

export const nowIso = (): string => new Date().toISOString();

/** The readiness probe: one round trip that fails when the database cannot answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
