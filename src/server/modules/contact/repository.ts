import type { Db } from "../../db/database.js";
import type { ContactMessagesTable } from "../../db/schema.js";

export async function insertContactMessage(db: Db, message: ContactMessagesTable): Promise<void> {
  await db.insertInto("contact_messages").values(message).execute();
}
