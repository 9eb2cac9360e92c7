import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { ContactReplyDto, InboxDto } from "../../../shared/schemas/inbox.js";
import type { Db } from "../../db/database.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { createSmtpMailer } from "../../infrastructure/mail/mailer.js";
import type { Mailer } from "../../infrastructure/mail/message.js";
import { saveOutboxMessage } from "../../infrastructure/outbox/repository.js";
import { startSmtpServer } from "../../test/smtp.js";
import {
  createTestApp,
  DIALECTS,
  describeEachDialect,
  json,
  postgresAvailable,
  type TestApp,
} from "../../test/test-app.js";
import { jobHandlers } from "../index.js";

/** A message as the contact form stores it, from a sender of its own. */
async function contactMessage(t: TestApp, subject = `Refund question ${randomUUID().slice(0, 6)}`) {
  const email = `asker-${randomUUID().slice(0, 8)}@example.com`;
  const sent = await t.request({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Meera", email, subject, message: "Is my refund on its way?\nIt has been a week.", website: "" },
  });
  expect(sent.statusCode).toBeLessThan(300);
  const inbox = json<InboxDto>(await t.request({ url: "/api/admin/messages", cookie: await t.signInAdmin() }));
  const found = inbox.messages.find((m) => m.email === email);
  if (!found) throw new Error("the message did not reach the inbox");
  return found;
}

const reply = (t: TestApp, cookie: string, id: string, message: unknown) =>
  t.request({ method: "POST", url: `/api/admin/messages/${id}/replies`, cookie, payload: { message } });

describeEachDialect("replying to a contact message", (t) => {
  it("mails the reply to the sender, quoting them, and keeps it in the message's thread, handled", async () => {
    const admin = await t().signInAdmin("support-lead@example.com");
    const message = await contactMessage(t());
    const res = await reply(t(), admin, message.id, "  Yes: it left us on Monday and reaches your bank in 5–7 days.  ");
    expect(res.statusCode, res.body).toBe(201);
    const sent = json<ContactReplyDto>(res);
    expect(sent).toMatchObject({
      authorEmail: "support-lead@example.com",
      message: "Yes: it left us on Monday and reaches your bank in 5–7 days.",
      sentAt: expect.any(String),
    });

    const mail = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .selectAll()
      .where("to_address", "=", message.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Re: ${message.subject}`);
    expect(mail.text).toContain("Hello Meera,\n\nYes: it left us on Monday and reaches your bank in 5–7 days.");
    expect(mail.text).toMatch(/On .+ IST you wrote:\n> Is my refund on its way\?\n> It has been a week\./);

    const second = json<ContactReplyDto>(await reply(t(), admin, message.id, "And here is the reference: rfnd_123."));
    const inbox = json<InboxDto>(await t().request({ url: "/api/admin/messages", cookie: admin }));
    const thread = inbox.messages.find((m) => m.id === message.id);
    expect(thread?.handled).toBe(true);
    expect(thread?.replies.map((r) => r.id)).toEqual([sent.id, second.id]);

    const { entries } = json<{ entries: { action: string; entityId: string }[] }>(
      await t().request({ url: "/api/admin/audit?entity=message", cookie: admin }),
    );
    expect(entries.filter((e) => e.entityId === message.id && e.action === "replied")).toHaveLength(2);
  });

  it("refuses an empty or overlong reply, an unknown message, and anyone but an admin", async () => {
    const admin = await t().signInAdmin();
    const message = await contactMessage(t());
    const empty = await reply(t(), admin, message.id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ error: { code: "VALIDATION", message: ADMIN_MESSAGES.replyEmpty } });
    expect((await reply(t(), admin, message.id, "x".repeat(5001))).statusCode).toBe(400);
    expect((await reply(t(), admin, message.id, 42)).statusCode).toBe(400);
    const gone = await reply(t(), admin, "no-such-message", "Hello");
    expect(json(gone)).toEqual({ error: { code: "NOT_FOUND", message: ADMIN_MESSAGES.messageGone } });
    const student = await t().signIn(`curious-${randomUUID().slice(0, 8)}@example.com`);
    expect((await reply(t(), student, message.id, "Hello")).statusCode).toBe(403);
    const inbox = json<InboxDto>(await t().request({ url: "/api/admin/messages", cookie: admin }));
    expect(inbox.messages.find((m) => m.id === message.id)).toMatchObject({ handled: false, replies: [] });
  });
});

/**
 * The app's mail through a real SMTP conversation, each mail also kept in the outbox so that the
 * tests can sign in through their links.
 */
function smtpAndOutbox(smtpUrl: string, failing: { down: boolean }): { mailer: Mailer; bind: (db: Db) => void } {
  const smtp = createSmtpMailer(smtpUrl, "CareerPrep <support@careerprep.example.in>");
  let db: Db | undefined;
  return {
    bind: (bound) => {
      db = bound;
    },
    mailer: {
      async send(message) {
        if (message.subject.startsWith("Re: ")) {
          if (failing.down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
          await smtp.send(message);
        }
        if (db) await saveOutboxMessage(db, { channel: "email", ...message });
      },
    },
  };
}

for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`a reply by SMTP [${dialect}]`, () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    const failing = { down: false };
    beforeAll(async () => {
      smtp = await startSmtpServer();
      const mail = smtpAndOutbox(`smtp://127.0.0.1:${smtp.port}`, failing);
      t = await createTestApp(dialect, {}, { mailer: mail.mailer });
      mail.bind(t.app.deps.db);
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it("reaches the relay; when the relay is down the thread shows it unsent until the queue delivers it", async () => {
      const admin = await t.signInAdmin();
      const message = await contactMessage(t, "Workshop timing");
      const delivered = json<ContactReplyDto>(await reply(t, admin, message.id, "It starts at 6 pm IST."));
      expect(delivered.sentAt).not.toBeNull();
      const received = smtp.received.find((m) => m.includes(`To: ${message.email}`));
      expect(received).toContain("Subject: Re: Workshop timing");
      expect(received).toContain("It starts at 6 pm IST.");

      failing.down = true;
      const waiting = json<ContactReplyDto>(await reply(t, admin, message.id, "Also: bring a laptop."));
      expect(waiting.sentAt).toBeNull();
      failing.down = false;
      await createJobRunner(t.app.deps, jobHandlers).runDue(() => new Date(Date.now() + 60_000));
      const inbox = json<InboxDto>(await t.request({ url: "/api/admin/messages", cookie: admin }));
      const thread = inbox.messages.find((m) => m.id === message.id)?.replies;
      expect(thread?.map((r) => [r.message, r.sentAt !== null])).toEqual([
        ["It starts at 6 pm IST.", true],
        ["Also: bring a laptop.", true],
      ]);
      expect(smtp.received.filter((m) => m.includes(`To: ${message.email}`))).toHaveLength(2);
    });
  });
}
