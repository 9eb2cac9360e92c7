import type { Db } from "../../db/database.js";

export async function findInternshipById(db: Db, id: string) {
  return db.selectFrom("internships").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findProfileByUser(db: Db, userId: string) {
  return db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}
