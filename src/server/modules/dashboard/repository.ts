import type { Db } from "../../db/database.js";

export async function findInternshipById(db: Db, id: string) {
  return db.selectFrom("internships").selectAll().where("id", "=", id).executeTakeFirst();
}
