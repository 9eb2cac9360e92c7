import type { Db, Executor } from "../../db/database.js";
import type { NotificationsTable } from "../../db/schema.js";

export async function insertNotification(db: Executor, row: NotificationsTable): Promise<void> {
  await db.insertInto("notifications").values(row).execute();
}

export async function findNotificationsByUser(db: Db, userId: string, limit: number): Promise<NotificationsTable[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; another user's id matches nothing. */
export async function markNotificationRead(db: Db, userId: string, id: string, readAt: string): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: readAt })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllNotificationsRead(db: Db, userId: string, readAt: string): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read_at: readAt })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
}

export async function notificationExists(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("notifications")
    .select("id")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}
