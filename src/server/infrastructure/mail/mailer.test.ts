import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../test/smtp.js";
import { createSmtpMailer, withoutReservedRecipients } from "./mailer.js";

describe("SMTP delivery", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  // nodemailer is loaded by the first mail, not at start (docs/decisions/0220-server-loaded-lean.md).
  it("sends each mail to the relay, the first one included", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "CareerPrep <no-reply@example.com>");
    await mailer.send({ to: "asha@example.com", subject: "Your sign-in link", text: "First" });
    await mailer.send({ to: "ravi@example.com", subject: "Your booking", text: "Second" });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]).toContain("To: asha@example.com");
    expect(smtp.received[0]).toContain("Subject: Your sign-in link");
    expect(smtp.received[1]).toContain("Second");
  });

  it("carries a calendar invite byte for byte, every CRLF and the last one included (RFC 5545 §3.1)", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "CareerPrep <no-reply@example.com>");
    const invite = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Mock interview with Priyā\r\nEND:VCALENDAR\r\n";
    const contentType = "text/calendar; charset=utf-8; method=REQUEST";
    await mailer.send({
      to: "asha@example.com",
      subject: "Booking confirmed",
      text: "See you there.",
      attachments: [{ filename: "invite.ics", contentType, content: invite }],
    });
    const part = smtp.received.at(-1)?.split(`Content-Type: ${contentType}`)[1] ?? "";
    expect(part).toContain("Content-Transfer-Encoding: base64");
    const body = part.split("\n\n")[1]?.split("\n--")[0] ?? "";
    expect(Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8")).toBe(invite);
  });

  it("drops mail to a reserved .invalid address (an erased account's) before it reaches the relay", async () => {
    const logged: string[] = [];
    const log = { info: (_: unknown, message: string) => logged.push(message) } as unknown as Parameters<
      typeof withoutReservedRecipients
    >[1];
    const mailer = withoutReservedRecipients(
      createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "CareerPrep <no-reply@example.com>"),
      log,
    );
    const before = smtp.received.length;
    await mailer.send({ to: "erased-1234@erased.invalid", subject: "Refund on its way", text: "Hello" });
    await mailer.send({ to: "someone@INVALID", subject: "Refund on its way", text: "Hello" });
    expect(smtp.received).toHaveLength(before);
    expect(logged).toEqual([
      "mail to a reserved (erased) address dropped",
      "mail to a reserved (erased) address dropped",
    ]);
    await mailer.send({ to: "priya@invalid-domain.in", subject: "Your booking", text: "Still sent" });
    expect(smtp.received.slice(before).join("")).toContain("To: priya@invalid-domain.in");
  });
});
