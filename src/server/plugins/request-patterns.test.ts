import { expect, it } from "vitest";
import { describeEachDialect, json } from "../test/test-app.js";

type ErrorBody = { error: { code: string; message: string; field?: string } };

/** Far above a single pass on a busy machine (milliseconds), far below the backtracking (70 s for each text here). */
const AT_ONCE_MS = 2_000;

/**
 * Text that made a pattern with two overlapping quantifiers backtrack quadratically: a long run of the separator
 * both quantifiers could take, then a character that fails the match at the very end.
 */
const dots = (count: number) => ".".repeat(count);

describeEachDialect("patterns on request input read any text in one pass", (t) => {
  it("refuses a contact message whose e-mail is 200 KB of dots at once, and stores nothing", async () => {
    const email = `a@${dots(200_000)}@`;
    const started = Date.now();
    const res = await t().request({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "10.9.0.1",
      payload: { name: "Riya", email, subject: "Hello", message: "A question" },
    });
    // `[^\s@]+\.[^\s@]+` took 72 s on this text.
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error).toMatchObject({ code: "VALIDATION", field: "email" });
    const stored = await t().app.deps.db.selectFrom("contact_messages").select("id").execute();
    expect(stored).toHaveLength(0);
  });

  it("refuses a resume link of 200 KB of dots at once, and keeps the one saved", async () => {
    const student = await t().signIn(`patterns-${Date.now()}@example.com`);
    const saved = "https://drive.example.com/resume.pdf";
    const put = (url: string) =>
      t().request({ method: "PUT", url: "/api/me/resume", cookie: student, payload: { url } });
    expect((await put(saved)).statusCode).toBe(200);
    const started = Date.now();
    const res = await put(`http://${dots(200_000)} `);
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error).toMatchObject({ code: "VALIDATION", field: "url" });
    const dashboard = await t().request({ method: "GET", url: "/api/dashboard", cookie: student });
    expect(dashboard.body).toContain(saved);
  });
});
