import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./database.js";
import * as listed from "./migrations/index.js";

/**
 * Every migration, by name: `migrations/index.ts` lists them (not read from disk, so a bundled server
 * finds them too). Each name starts with its own four-digit number; they apply in that order (a test
 * holds that every file is listed).
 */
export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(listed).sort(([a], [b]) => (a < b ? -1 : 1)),
);

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
