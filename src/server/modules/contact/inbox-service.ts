import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { InboxDto } from "../../../shared/schemas/inbox.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import { recordAudit } from "../audit/index.js";
import {
  countUnhandledContactMessages,
  findContactMessageById,
  findRecentContactMessages,
  setContactMessageHandledAt,
} from "./inbox-repository.js";
import { toReplyDto } from "./replies.js";
import { findRepliesToContactMessages } from "./reply-repository.js";

const positionSchema = z.tuple([z.string().max(40), z.string().max(64)]);

/** A page of the contact-form inbox, newest first, and how many messages still wait for an answer. */
export async function readInbox(deps: AppDeps, query: PageQuery): Promise<InboxDto> {
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  const [rows, unhandled] = await Promise.all([
    findRecentContactMessages(deps.db, {
      before: position ? { createdAt: position[0], id: position[1] } : undefined,
      limit: query.limit + 1,
    }),
    countUnhandledContactMessages(deps.db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const replies = await findRepliesToContactMessages(
    deps.db,
    page.map((r) => r.id),
  );
  return {
    unhandled,
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
    messages: page.map((r) => ({
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
    await setContactMessageHandledAt(trx, id, handled ? new Date().toISOString() : null);
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
