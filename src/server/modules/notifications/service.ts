import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { NotificationType } from "../../../shared/schemas/notifications.js";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";
import type { EventBus } from "../../infrastructure/events/bus.js";
import { insertNotification } from "./repository.js";

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link?: string | null;
}

/**
 * Stores a notification. Inside a transaction, call `announceNotification` after it commits so
 * a live client never refetches before the row is visible.
 */
export async function addNotification(db: Db | Transaction<Database>, notification: NewNotification): Promise<void> {
  await insertNotification(db, {
    id: randomUUID(),
    user_id: notification.userId,
    type: notification.type,
    title: notification.title,
    body: notification.body,
    link: notification.link ?? null,
    read_at: null,
    created_at: new Date().toISOString(),
  });
}

export async function announceNotification(bus: EventBus, userId: string): Promise<void> {
  await bus.publish({ topic: "user", userId, kind: "notification" });
}

/** Stores and announces in one go, for callers outside a transaction. */
export async function notifyUser(deps: { db: Db; bus: EventBus }, notification: NewNotification): Promise<void> {
  await addNotification(deps.db, notification);
  await announceNotification(deps.bus, notification.userId);
}
