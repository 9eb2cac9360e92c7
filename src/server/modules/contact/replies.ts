import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { ContactReplyDto } from "../../../shared/schemas/inbox.js";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { ContactRepliesTable } from "../../db/schema.js";
import { createJobRunner, enqueueJob, type JobOutcome } from "../../infrastructure/jobs/queue.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { recordAudit } from "../audit/index.js";
import { findContactMessageById, setContactMessageHandledAt } from "./inbox-repository.js";
import { findReplyWithMessage, insertContactReply, markReplySent } from "./reply-repository.js";

export const CONTACT_REPLY_JOB = "contact_reply";

export const toReplyDto = (r: ContactRepliesTable): ContactReplyDto => ({
  id: r.id,
  authorEmail: r.author_email,
  message: r.body,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

/**
 * An admin answers a contact message: the reply joins the message's thread and the message counts
 * as handled, in one transaction with the job that mails it, which this request then runs at once
 * (a failed delivery is retried by the job queue; the thread shows it as not yet sent).
 */
export async function replyToContactMessage(deps: AppDeps, actorEmail: string, messageId: string, body: string) {
  const now = new Date().toISOString();
  const reply: ContactRepliesTable = {
    id: randomUUID(),
    message_id: messageId,
    author_email: actorEmail,
    body,
    created_at: now,
    sent_at: null,
  };
  const dedupeKey = `${CONTACT_REPLY_JOB}:${reply.id}`;
  await deps.db.transaction().execute(async (trx) => {
    const message = await findContactMessageById(trx, messageId);
    if (!message) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.messageGone);
    await insertContactReply(trx, reply);
    if (message.handled_at === null) await setContactMessageHandledAt(trx, messageId, now);
    await enqueueJob(trx, { type: CONTACT_REPLY_JOB, payload: { replyId: reply.id }, runAt: new Date(now), dedupeKey });
    await recordAudit(trx, {
      actorEmail,
      action: "replied",
      entity: "message",
      entityId: messageId,
      before: { handled: message.handled_at !== null },
      after: { handled: true },
    });
  });
  await createJobRunner(deps, { [CONTACT_REPLY_JOB]: sendContactReplyJob }).runNow([dedupeKey]);
  const sent = await findReplyWithMessage(deps.db, reply.id);
  return toReplyDto({ ...reply, sent_at: sent?.sentAt ?? null });
}

/** Mails one reply to the message's sender, quoting what they wrote; a reply already sent is skipped. */
export async function sendContactReplyJob(deps: AppDeps, payload: unknown): Promise<JobOutcome> {
  const { replyId } = payload as { replyId: string };
  const reply = await findReplyWithMessage(deps.db, replyId);
  if (!reply || reply.sentAt !== null) return "skipped";
  const asked = formatInstant(reply.askedAt, deps.config.timeZone, deps.config.timeZoneLabel);
  const quoted = reply.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const subject = `Re: ${reply.subject}`;
  await deps.mailer.send({
    to: reply.email,
    subject,
    text: `Hello ${reply.name},\n\n${reply.body}\n\nThe CareerPrep team\n\nOn ${asked} you wrote:\n${quoted}`,
    html: layoutEmail(
      subject,
      `<p>Hello ${escapeHtml(reply.name)},</p>
<p style="white-space:pre-wrap">${escapeHtml(reply.body)}</p>
<p>The CareerPrep team</p>
<p style="color:#5a6173">On ${escapeHtml(asked)} you wrote:</p>
<blockquote style="white-space:pre-wrap;color:#5a6173;border-left:3px solid #ccd1db;margin:0;padding-left:12px">${escapeHtml(reply.message)}</blockquote>`,
    ),
  });
  await markReplySent(deps.db, replyId, new Date().toISOString());
  return "done";
}
