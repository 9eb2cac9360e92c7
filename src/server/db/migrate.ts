import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./database.js";
import * as m0001 from "./migrations/0001-initial.js";
import * as m0002 from "./migrations/0002-auth.js";
import * as m0003 from "./migrations/0003-hold-package.js";
import * as m0004 from "./migrations/0004-otp-phone-index.js";
import * as m0005 from "./migrations/0005-resumes.js";
import * as m0120 from "./migrations/0120-coupons.js";
import * as m0121 from "./migrations/0121-invoices.js";
import * as m0140 from "./migrations/0140-seats-taken-function.js";
import * as m0210 from "./migrations/0210-rate-limits.js";
import * as m0230 from "./migrations/0230-availability-alerts.js";
import * as m0240 from "./migrations/0240-hold-log.js";
import * as m0241 from "./migrations/0241-booking-moved.js";
import * as m0242 from "./migrations/0242-internship-cancel.js";
import * as m0250 from "./migrations/0250-waitlist.js";
import * as m0280 from "./migrations/0280-interviewer-calendar.js";
import * as m0290 from "./migrations/0290-reasons-and-hosts.js";
import * as m0320 from "./migrations/0320-scale-indexes.js";
import * as m0321 from "./migrations/0321-booking-session-start.js";
import * as m0322 from "./migrations/0322-booking-session-start-indexes.js";
import * as m0330 from "./migrations/0330-practice-bank.js";
import * as m0331 from "./migrations/0331-alert-channels.js";
import * as m0332 from "./migrations/0332-scores-by-round.js";
import * as m0333 from "./migrations/0333-scorecards-by-time.js";
import * as m0340 from "./migrations/0340-internship-programme.js";
import * as m0350 from "./migrations/0350-interview-room.js";
import * as m0370 from "./migrations/0370-recordings.js";
import * as m0371 from "./migrations/0371-resume-files.js";
import * as m0380 from "./migrations/0380-daily-rollups.js";
import * as m0381 from "./migrations/0381-console-list-indexes.js";

/**
 * Migrations are listed here (not read from disk) so a bundled server finds them too. Each name
 * starts with its own four-digit number, strictly increasing down this list, which is the order
 * they are applied in (a test holds that).
 */
export const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-auth": m0002,
  "0003-hold-package": m0003,
  "0004-otp-phone-index": m0004,
  "0005-resumes": m0005,
  "0120-coupons": m0120,
  "0121-invoices": m0121,
  "0140-seats-taken-function": m0140,
  "0210-rate-limits": m0210,
  "0230-availability-alerts": m0230,
  "0240-hold-log": m0240,
  "0241-booking-moved": m0241,
  "0242-internship-cancel": m0242,
  "0250-waitlist": m0250,
  "0280-interviewer-calendar": m0280,
  "0290-reasons-and-hosts": m0290,
  "0320-scale-indexes": m0320,
  "0321-booking-session-start": m0321,
  "0322-booking-session-start-indexes": m0322,
  "0330-practice-bank": m0330,
  "0331-alert-channels": m0331,
  "0332-scores-by-round": m0332,
  "0333-scorecards-by-time": m0333,
  "0340-internship-programme": m0340,
  "0350-interview-room": m0350,
  "0370-recordings": m0370,
  "0371-resume-files": m0371,
  "0380-daily-rollups": m0380,
  "0381-console-list-indexes": m0381,
};

/**
 * Migrations that were renumbered, by the name a database may have recorded them under. The
 * record is renamed before migrating, so a database that ran one under its old name never runs
 * it again (docs/decisions/0031-migrations-in-order.md).
 */
export const renamedMigrations: Record<string, string> = {
  "0004-hold-package": "0003-hold-package",
};

const MIGRATION_TABLE = "kysely_migration";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** A migration that builds indexes online (db/online-index.ts) runs outside a transaction. */
const outsideTransaction = (name: string): boolean =>
  (migrations[name] as Migration & { outsideTransaction?: boolean }).outsideTransaction === true;

function migrator(db: Db, options: { provider?: MigrationProvider; transactional?: boolean } = {}): Migrator {
  // Features are developed side by side; a database that already ran a higher number still gets a
  // lower one that arrives later. A fresh database applies them in the listed order.
  return new Migrator({
    db,
    provider: options.provider ?? provider,
    migrationTableName: MIGRATION_TABLE,
    allowUnorderedMigrations: true,
    disableTransactions: options.transactional === false,
  });
}

/**
 * Pending migrations in runs of the same kind: on PostgreSQL each run of ordinary migrations is one
 * transaction, each online one runs alone outside any (docs/decisions/0320-online-indexes.md).
 */
function batches(pending: string[]): string[][] {
  const runs: string[][] = [];
  for (const name of pending) {
    const last = runs.at(-1);
    const lastName = last?.at(-1);
    if (last && lastName && !outsideTransaction(lastName) && !outsideTransaction(name)) last.push(name);
    else runs.push([name]);
  }
  return runs;
}

/** Applies exactly `batch`: the provider hides the later batches' migrations from this run. */
async function applyBatch(db: Db, batch: string[], later: string[]): Promise<string[]> {
  const hidden = new Set(later);
  const visible = Object.fromEntries(Object.entries(migrations).filter(([name]) => !hidden.has(name)));
  const transactional = !batch.some(outsideTransaction);
  const run = migrator(db, { provider: { getMigrations: async () => visible }, transactional });
  const { error, results = [] } = await run.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

async function renameRecordedMigrations(db: Db): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return;
  for (const [from, to] of Object.entries(renamedMigrations)) {
    await sql`update ${sql.table(MIGRATION_TABLE)} set name = ${to} where name = ${from}`.execute(db);
  }
}

/** Applies every migration not yet recorded, in order; returns the names it applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  await renameRecordedMigrations(db);
  const runs = batches(await pendingMigrations(db));
  const applied: string[] = [];
  for (const [index, batch] of runs.entries()) {
    applied.push(...(await applyBatch(db, batch, runs.slice(index + 1).flat())));
  }
  return applied;
}

/** A server that must not migrate (MIGRATE_ON_START=false) found migrations still to run. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database is missing migrations ${pending.join(", ")}; run \`npm run db:migrate\` first (MIGRATE_ON_START=false).`,
    );
    this.name = "PendingMigrationsError";
  }
}

/** Names of the migrations this database has not run yet (read-only). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
