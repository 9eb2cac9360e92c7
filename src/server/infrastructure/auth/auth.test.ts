import { expect, it } from "vitest";
import { describeEachDialect, json } from "../../test/test-app.js";
import { findRecentOutboxMessages } from "../outbox/repository.js";

describeEachDialect("sign-in", (t) => {
  it("sends a single-use magic link that signs the user in and lands on /onboarding", async () => {
    const { app } = t();
    const sent = await t().request({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      payload: { email: "Student@Example.com", callbackURL: "/onboarding" },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await findRecentOutboxMessages(app.deps.db, 1);
    expect(mail?.to_address.toLowerCase()).toBe("student@example.com");
    expect(mail?.subject).toBe("Your CareerPrep sign-in link");
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    expect(link).toContain("/api/auth/magic-link/verify");

    const first = await t().request({ method: "GET", url: link.replace("http://localhost:3000", "") });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("http://localhost:3000/onboarding");
    const cookie = String(first.headers["set-cookie"]).split(";")[0] ?? "";
    const me = json<{ user: { email: string } | null }>(await t().request({ url: "/api/me", cookie }));
    expect(me.user?.email).toBe("student@example.com");

    const again = await t().request({ method: "GET", url: link.replace("http://localhost:3000", "") });
    expect(again.headers.location).toContain("error=");
    expect(again.headers["set-cookie"] ?? "").not.toContain("session_token=");
  });

  it("refuses an expired link", async () => {
    const { app } = t();
    await t().request({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      payload: { email: "late@example.com", callbackURL: "/onboarding" },
    });
    const past = new Date(Date.now() - 1000);
    await app.deps.db
      .updateTable("verification" as never)
      .set({ expiresAt: t().dialect === "sqlite" ? past.toISOString() : past } as never)
      .execute();
    const [mail] = await findRecentOutboxMessages(app.deps.db, 1);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const res = await t().request({ method: "GET", url: link.replace("http://localhost:3000", "") });
    expect(res.headers.location).toContain("error=");
    expect(res.headers["set-cookie"] ?? "").not.toContain("session_token=");
  });

  it("rejects a malformed address with a 400 and sends nothing", async () => {
    const before = (await findRecentOutboxMessages(t().app.deps.db, 100)).length;
    const res = await t().request({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect((await findRecentOutboxMessages(t().app.deps.db, 100)).length).toBe(before);
  });

  it("logout revokes the session on the server", async () => {
    const cookie = await t().signIn("leaver@example.com");
    const out = await t().request({ method: "POST", url: "/api/auth/sign-out", cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = json<{ user: unknown }>(await t().request({ url: "/api/me", cookie }));
    expect(me.user).toBeNull();
  });

  it("reports admin status from the admins table, by lower-cased e-mail", async () => {
    const cookie = await t().signInAdmin("Boss@Example.com".toLowerCase());
    const me = json<{ isAdmin: boolean }>(await t().request({ url: "/api/me", cookie }));
    expect(me.isAdmin).toBe(true);
    const student = await t().signIn("someone@example.com");
    expect(json<{ isAdmin: boolean }>(await t().request({ url: "/api/me", cookie: student })).isAdmin).toBe(false);
  });
});

describeEachDialect(
  "sign-in rate limit",
  (t) => {
    it("answers 429 with Retry-After once a client asks for too many links", async () => {
      const ask = () =>
        t().request({ method: "POST", url: "/api/auth/sign-in/magic-link", payload: { email: "spam@example.com" } });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(json<{ error: { code: string } }>(limited).error.code).toBe("RATE_LIMITED");
    });
  },
  { SIGN_IN_RATE_LIMIT: "2" },
);
