import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/database.js";
import { saveOutboxMessage } from "../outbox/repository.js";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** "base64" for binary content such as a PDF. */
  encoding?: "base64";
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real SMTP delivery (any provider: SES, Postmark, Mailgun, a local relay). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
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

/** Development and test delivery: stored in the outbox table and printed to the log. */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await saveOutboxMessage(db, { channel: "email", ...message });
      log.info({ to: message.to, subject: message.subject }, `mail (outbox)\n${message.text}`);
    },
  };
}
