import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { InboxDto } from "../../../shared/schemas/inbox.js";
import type { AppDeps } from "../../app-deps.js";
import { recordAudit } from "../audit/index.js";
import { toReplyDto } from "./replies.js";
import { findRepliesToMessages } from "./reply-repository.js";
import {
  countUnhandledMessages,
  findContactMessageById,
  findRecentContactMessages,
  setMessageHandledAt,
} from "./repository.js";

const INBOX_LIMIT = 500;

/** The contact-form inbox, newest first, and how many messages still wait for an answer. */
export async function readInbox(deps: AppDeps): Promise<InboxDto> {
  const [rows, unhandled] = await Promise.all([
    findRecentContactMessages(deps.db, INBOX_LIMIT),
    countUnhandledMessages(deps.db),
  ]);
  const replies = await findRepliesToMessages(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    unhandled,
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      handled: r.handled_at !== null,
      createdAt: r.created_at,
      replies: replies.filter((reply) => reply.message_id === r.id).map(toReplyDto),
    })),
  };
}

export async function markHandled(deps: AppDeps, actorEmail: string, id: string, handled: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findContactMessageById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.messageGone);
    const wasHandled = before.handled_at !== null;
    if (wasHandled === handled) return;
    await setMessageHandledAt(trx, id, handled ? new Date().toISOString() : null);
    await recordAudit(trx, {
      actorEmail,
      action: handled ? "handled" : "unhandled",
      entity: "message",
      entityId: id,
      before: { handled: wasHandled },
      after: { handled },
    });
  });
  return { handled };
}
