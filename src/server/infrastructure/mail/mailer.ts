import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Db } from "../../db/database.js";
import { saveOutboxMessage } from "../outbox/repository.js";
import type { Mailer } from "./message.js";

/** Real SMTP delivery (any provider: SES, Postmark, Mailgun, a local relay). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded by the first mail, not at start: V8 keeps the source of every module loaded, and
  // nodemailer's is 0.7 MB (docs/decisions/0220-server-loaded-lean.md).
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          encoding: a.encoding,
        })),
      });
    },
  };
}

/** Development and test delivery: stored in the outbox table; the log says only that it arrived. */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await saveOutboxMessage(db, { channel: "email", ...message });
      // Never the text: it holds sign-in links and codes (docs/security.md, Logs).
      log.info({ subject: message.subject }, "mail stored in the development outbox (/dev/outbox)");
    },
  };
}

/** Whether the address is in the reserved `.invalid` domain, which never resolves (RFC 6761). */
function isReservedAddress(to: string): boolean {
  const domain = to
    .slice(to.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
  return domain === "invalid" || domain.endsWith(".invalid");
}

/**
 * Mail to a reserved `.invalid` address is dropped before any delivery: an erased account's address
 * is one (docs/product.md, Your data), so work queued for that student before or after the
 * erasure, such as a refund notice, mails no one and leaves no copy.
 */
export function withoutReservedRecipients(mailer: Mailer, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      if (isReservedAddress(message.to)) {
        log.info({ subject: message.subject }, "mail to a reserved (erased) address dropped");
        return;
      }
      await mailer.send(message);
    },
  };
}
