import { randomUUID } from "node:crypto";
import type { ContactMessageInput } from "../../../shared/schemas/contact.js";
import type { AppDeps } from "../../app-deps.js";
import { insertContactMessage } from "./repository.js";

/**
 * Stores a message for the admin inbox. A filled honeypot means a bot: nothing is stored and the
 * caller answers exactly as for a person, so the bot learns nothing.
 */
export async function receiveContactMessage(deps: Pick<AppDeps, "db" | "log">, input: ContactMessageInput) {
  if (input.website) {
    deps.log.info("contact message dropped: honeypot field filled");
    return;
  }
  await insertContactMessage(deps.db, {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    handled_at: null,
    created_at: new Date().toISOString(),
  });
}
