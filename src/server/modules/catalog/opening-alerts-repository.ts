import type { Executor } from "../../db/database.js";

/** Records the wish once; asking again changes nothing. */
export async function insertAlert(db: Executor, userId: string, packageKey: string, nowIso: string): Promise<void> {
  await db
    .insertInto("availability_alerts")
    .values({ user_id: userId, package_key: packageKey, created_at: nowIso })
    .onConflict((oc) => oc.columns(["user_id", "package_key"]).doNothing())
    .execute();
}

export function findAlertKeysByUser(db: Executor, userId: string) {
  return db.selectFrom("availability_alerts").select("package_key").where("user_id", "=", userId).execute();
}

export function findAlertUsersByPackage(db: Executor, packageKey: string) {
  return db.selectFrom("availability_alerts").select("user_id").where("package_key", "=", packageKey).execute();
}

/** The alert is used up when its mail goes out; true when this call removed it. */
export async function deleteAlert(db: Executor, userId: string, packageKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom("availability_alerts")
    .where("user_id", "=", userId)
    .where("package_key", "=", packageKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findUserEmail(db: Executor, userId: string) {
  return db.selectFrom("user").select(["email"]).where("id", "=", userId).executeTakeFirst();
}
