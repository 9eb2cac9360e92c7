import { sql } from "kysely";
import { expect, it } from "vitest";
import { insertAdmin } from "../modules/admins/repository.js";
import type { ApiError } from "../test/api-error.js";
import { buildBooking, buildSlot, findUserId } from "../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../test/test-app.js";
import { uniqueEmail as email } from "../test/unique-email.js";

/** Moves the user's sign-in back in time, as if it happened `minutes` ago. */
async function signedInAgo(t: TestApp, address: string, minutes: number): Promise<void> {
  const userId = await findUserId(t.app.deps.db, address);
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  await sql`update "session" set "createdAt" = ${at} where "userId" = ${userId}`.execute(t.app.deps.db);
  t.app.deps.authSessions.forgetUser(userId);
}

async function holdCount(t: TestApp, address: string): Promise<number> {
  const userId = await findUserId(t.app.deps.db, address);
  const rows = await t.app.deps.db.selectFrom("holds").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}

describeEachDialect("security: cross-site writes, admin rights, closed endpoints", (t) => {
  it("refuses writes from other sites and writes without an origin; nothing is written", async () => {
    const address = email("csrf");
    const cookie = await t().signIn(address);
    const slot = await buildSlot(t().app.deps.db);
    const payload = { kind: "mock", targetId: slot.id };
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3000.evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    ]) {
      const res = await t().app.inject({ method: "POST", url: "/api/holds", headers: { cookie, ...headers }, payload });
      expect({ headers, status: res.statusCode, code: json<ApiError>(res).error.code }).toEqual({
        headers,
        status: 403,
        code: "CROSS_SITE",
      });
    }
    const bare = await t().app.inject({ method: "POST", url: "/api/holds", headers: { cookie }, payload });
    expect(json<ApiError>(bare).error).toEqual({
      code: "CROSS_SITE",
      message: "This request did not come from CareerPrep's own pages, so it was refused.",
    });
    const signInLink = await t().app.inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: { origin: "https://evil.example" },
      payload: { email: address },
    });
    expect(signInLink.statusCode).toBe(403);
    expect(await holdCount(t(), address)).toBe(0);

    // The app's own pages: Origin equal to PUBLIC_URL, or Sec-Fetch-Site: same-origin.
    const sameOrigin = await t().app.inject({
      method: "POST",
      url: "/api/holds",
      headers: { cookie, "sec-fetch-site": "same-origin" },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(201);
    const withOrigin = await t().request({ method: "POST", url: "/api/holds", cookie, payload });
    expect(withOrigin.statusCode).toBe(201);
    // Reading needs neither.
    expect((await t().app.inject({ url: "/api/catalog" })).statusCode).toBe(200);
  });

  it("lets Razorpay's webhook in from anywhere: its signature decides", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: { "content-type": "application/json", "x-razorpay-signature": "forged" },
      payload: JSON.stringify({ event: "payment.captured" }),
    });
    expect(json<ApiError>(res).error.code).not.toBe("CROSS_SITE");
  });

  it("never reads a text/plain body as JSON; a bodyless beacon still releases the hold", async () => {
    const address = email("plain");
    const cookie = await t().signIn(address);
    const slot = await buildSlot(t().app.deps.db);
    const res = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ kind: "mock", targetId: slot.id }),
    });
    expect(res.statusCode).toBe(415);
    expect(json<ApiError>(res).error.message).toBe("Unsupported content type.");
    expect(await holdCount(t(), address)).toBe(0);
  });

  it("guards every spelling of an admin path", async () => {
    const student = await t().signIn(email("spelling"));
    for (const url of ["/api/%61dmin/admins", "/api/admin/%61dmins", "/api/%61%64%6d%69%6e/admins"]) {
      const anonymous = await t().request({ url });
      const asStudent = await t().request({ url, cookie: student });
      expect({ url, anonymous: anonymous.statusCode, student: asStudent.statusCode }).toEqual({
        url,
        anonymous: 401,
        student: 403,
      });
    }
  });

  it("closes better-auth's update-user: the name stays the verified one", async () => {
    const address = email("rename");
    const cookie = await t().signIn(address);
    const before = await t()
      .app.deps.db.selectFrom("user")
      .select("name")
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    const res = await t().request({
      method: "POST",
      url: "/api/auth/update-user",
      cookie,
      payload: { name: "Someone Else", image: "https://evil.example/x.png" },
    });
    expect(res.statusCode).toBe(404);
    const after = await t()
      .app.deps.db.selectFrom("user")
      .select(["name", "image"])
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: before.name, image: null });
  });

  it("ends admin rights 12 hours after the sign-in", async () => {
    const address = email("long-admin");
    const admin = await t().signInAdmin(address);
    await signedInAgo(t(), address, 11 * 60);
    expect((await t().request({ url: "/api/admin/admins", cookie: admin })).statusCode).toBe(200);
    await signedInAgo(t(), address, 12 * 60 + 1);
    const expired = await t().request({ url: "/api/admin/admins", cookie: admin });
    expect(expired.statusCode).toBe(401);
    expect(json<ApiError>(expired).error).toEqual({
      code: "ADMIN_SESSION_EXPIRED",
      message: "Your admin session has ended (admin sign-ins last 12 hours). Please sign in again.",
    });
    // Signing in again restores them.
    const again = await t().signIn(address);
    expect((await t().request({ url: "/api/admin/admins", cookie: again })).statusCode).toBe(200);
  });

  it("asks for a sign-in from the last 10 minutes to change admins or refund", async () => {
    const address = email("stale-admin");
    const admin = await t().signInAdmin(address);
    const other = email("other-admin");
    await insertAdmin(t().app.deps.db, other, "test");
    const slot = await buildSlot(t().app.deps.db);
    const studentEmail = email("refunded");
    await t().signIn(studentEmail);
    const userId = await findUserId(t().app.deps.db, studentEmail);
    const booking = await buildBooking(t().app.deps.db, { user_id: userId, target_id: slot.id });
    await signedInAgo(t(), address, 11);
    const attempts = [
      { method: "POST" as const, url: "/api/admin/admins", payload: { email: email("new-admin") } },
      { method: "DELETE" as const, url: `/api/admin/admins/${encodeURIComponent(other)}` },
      { method: "POST" as const, url: `/api/admin/bookings/${booking.id}/cancel`, payload: {} },
      { method: "POST" as const, url: `/api/admin/slots/${slot.id}/cancel`, payload: {} },
    ];
    for (const attempt of attempts) {
      const res = await t().request({ ...attempt, cookie: admin });
      expect({ url: attempt.url, status: res.statusCode, error: json<ApiError>(res).error }).toEqual({
        url: attempt.url,
        status: 403,
        error: {
          code: "RECENT_SIGN_IN_REQUIRED",
          message: "For this change, please sign in again: it needs a sign-in from the last 10 minutes.",
        },
      });
    }
    // Reading and other work go on; the booking is untouched.
    expect((await t().request({ url: "/api/admin/admins", cookie: admin })).statusCode).toBe(200);
    const kept = await t()
      .app.deps.db.selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe("confirmed");
    const fresh = await t().signIn(address);
    expect((await t().request({ ...attempts[1], cookie: fresh })).statusCode).toBe(204);
  });
});
