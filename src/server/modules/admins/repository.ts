import { type Db, type Dialect, type Executor, forUpdate, nowIso } from "../../db/database.js";

export async function isAdminEmail(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom("admins").select("email").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export function findAllAdmins(db: Executor) {
  return db.selectFrom("admins").selectAll().orderBy("email").execute();
}

/**
 * Every admin's e-mail, locked on PostgreSQL until the transaction ends: two admins removing each
 * other at the same moment are serialized, and the second sees that only one admin is left.
 */
export async function lockAllAdminEmails(db: Executor, dialect: Dialect): Promise<string[]> {
  const rows = await forUpdate(dialect, db.selectFrom("admins").select("email")).execute();
  return rows.map((r) => r.email);
}

export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts unless present; returns whether a row was added. */
export async function insertAdmin(db: Executor, email: string, addedBy: string | null): Promise<boolean> {
  const result = await db
    .insertInto("admins")
    .values({ email: email.toLowerCase(), added_by: addedBy, created_at: nowIso() })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findAdmin(db: Executor, email: string) {
  return db.selectFrom("admins").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export async function deleteAdmin(db: Executor, email: string): Promise<boolean> {
  const result = await db.deleteFrom("admins").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
