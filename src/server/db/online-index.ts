import { type Kysely, PostgresAdapter, sql } from "kysely";

/** An index a migration adds to a table that may already be big. Names and SQL are the migration's constants. */
export interface OnlineIndex {
  name: string;
  table: string;
  /** The indexed columns or expressions, as SQL: `created_at, id` or `lower(email)`. */
  on: string;
  /** A partial index's condition, as SQL. */
  where?: string;
}

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Builds the index without blocking writes where the database can: PostgreSQL's
 * `CREATE INDEX CONCURRENTLY`, which must run outside a transaction, so a migration using this
 * exports `outsideTransaction = true` (db/migrate.ts). A build that failed half-way leaves an
 * invalid index behind, which is dropped and built again. SQLite has one writer and builds in place.
 */
export async function createIndexOnline(db: Kysely<unknown>, index: OnlineIndex): Promise<void> {
  const where = index.where ? sql` where ${sql.raw(index.where)}` : sql``;
  const target = sql`${sql.id(index.name)} on ${sql.table(index.table)} (${sql.raw(index.on)})${where}`;
  if (!onPostgres(db)) {
    await sql`create index if not exists ${target}`.execute(db);
    return;
  }
  const invalid = await sql<{ relname: string }>`
    select c.relname from pg_class c join pg_index i on i.indexrelid = c.oid
    where c.relname = ${index.name} and not i.indisvalid`.execute(db);
  if (invalid.rows.length > 0) await dropIndexOnline(db, index.name);
  await sql`create index concurrently if not exists ${target}`.execute(db);
}

export async function dropIndexOnline(db: Kysely<unknown>, name: string): Promise<void> {
  const concurrently = onPostgres(db) ? sql`concurrently ` : sql``;
  await sql`drop index ${concurrently}if exists ${sql.id(name)}`.execute(db);
}
