import type { Db } from "../../db/database.js";

export async function findInternshipById(db: Db, id: string) {
  return db.selectFrom("internships").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findResumeUrl(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom("resumes").select("url").where("user_id", "=", userId).executeTakeFirst();
  return row?.url ?? null;
}

export async function saveResumeUrl(db: Db, userId: string, url: string, now: string): Promise<void> {
  await db
    .insertInto("resumes")
    .values({ user_id: userId, url, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ url, updated_at: now }))
    .execute();
}

export async function deleteResume(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("resumes").where("user_id", "=", userId).execute();
}
