import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { type ContactMessageInput, contactMessageSchema } from "../../../shared/schemas/contact.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type ErrorBody = { error: { code: string; message: string; field?: string } };

let clientNumber = 0;
/** A fresh client address per test, so the per-client rate limit of one test never leaks into another. */
const newClient = () => `10.0.${Math.floor(++clientNumber / 250)}.${(clientNumber % 250) + 1}`;

const aMessage = (overrides: Partial<ContactMessageInput> = {}): ContactMessageInput => ({
  name: "Riya Sharma",
  email: "riya.sharma@example.in",
  subject: "Group booking for our placement cell",
  message: "Can 20 students of our college book mock interviews together in March?",
  ...overrides,
});

const send = (t: TestApp, payload: unknown, remoteAddress = newClient()) =>
  t.request({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress });

const storedBy = (t: TestApp, email: string) =>
  t.app.deps.db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();

describeEachDialect("POST /api/contact", (t) => {
  it("stores a message for the admin inbox, trimmed, and answers that it was received", async () => {
    const email = "stored@example.in";
    const res = await send(t(), aMessage({ email, name: "  Riya Sharma  " }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ received: true });
    const rows = await storedBy(t(), email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Riya Sharma",
      subject: "Group booking for our placement cell",
      message: "Can 20 students of our college book mock interviews together in March?",
      handled_at: null,
    });
    expect(Date.parse(rows[0]?.created_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("drops a message whose honeypot is filled, with the same answer as a real one", async () => {
    const email = "bot@example.in";
    const res = await send(t(), aMessage({ email, website: "https://spam.example" }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ received: true });
    expect(await storedBy(t(), email)).toHaveLength(0);
  });

  it("names the missing field with a clear message", async () => {
    for (const field of ["name", "email", "subject", "message"] as const) {
      const { [field]: _left, ...rest } = aMessage();
      const res = await send(t(), rest);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorBody>(res).error).toMatchObject({ code: "VALIDATION", field });
    }
    const blank = await send(t(), aMessage({ subject: "   " }));
    expect(json<ErrorBody>(blank).error).toEqual({
      code: "VALIDATION",
      message: CONTACT_MESSAGES.subjectRequired,
      field: "subject",
    });
  });

  it("refuses a malformed e-mail address and over-long text with the form's messages", async () => {
    const badEmail = await send(t(), aMessage({ email: "riya@example" }));
    expect(badEmail.statusCode).toBe(400);
    expect(json<ErrorBody>(badEmail).error).toMatchObject({ message: MESSAGES.invalidEmail, field: "email" });

    const long = await send(t(), aMessage({ message: "a".repeat(5001) }));
    expect(json<ErrorBody>(long).error).toMatchObject({ message: CONTACT_MESSAGES.messageTooLong, field: "message" });
    expect(await storedBy(t(), "riya.sharma@example.in")).toHaveLength(0);
  });

  it("limits each client to a few messages, then answers 429 with Retry-After and a clear message", async () => {
    const client = newClient();
    const max = t().app.deps.config.contactRateLimitPer15Minutes;
    expect(max).toBe(5);
    for (let i = 0; i < max; i++) {
      expect((await send(t(), aMessage({ email: "limited@example.in" }), client)).statusCode).toBe(200);
    }
    const limited = await send(t(), aMessage({ email: "limited@example.in" }), client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const { error } = json<ErrorBody>(limited);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(
      /^You have sent several messages in a short time\. Please try again in \d+ minutes?\.$/,
    );
    expect(await storedBy(t(), "limited@example.in")).toHaveLength(max);

    // Another client is not affected.
    expect((await send(t(), aMessage())).statusCode).toBe(200);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = json<{ paths: Record<string, { post?: { summary?: string } }> }>(
      await t().request({ url: "/api/openapi.json" }),
    );
    expect(doc.paths["/api/contact"]?.post?.summary).toMatch(/admin inbox/);
  });
});

describe("contact message schema", () => {
  it("gives the form the same messages as the server", () => {
    const result = contactMessageSchema.safeParse({ name: "", email: "x", subject: "", message: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: MESSAGES.invalidEmail,
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });
});
