import type { Executor } from "../../db/database.js";

export function findAlertChannels(db: Executor, userId: string) {
  return db.selectFrom("alert_channels").select(["sms", "whatsapp"]).where("user_id", "=", userId).executeTakeFirst();
}

export async function saveAlertChannels(
  db: Executor,
  userId: string,
  channels: { sms: boolean; whatsapp: boolean },
  now: string,
): Promise<void> {
  const values = {
    sms: channels.sms ? (1 as const) : (0 as const),
    whatsapp: channels.whatsapp ? (1 as const) : (0 as const),
    updated_at: now,
  };
  await db
    .insertInto("alert_channels")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
