import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import type { ApiError } from "../test/api-error.js";
import { buildSlot } from "../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../test/test-app.js";

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);

/** Sends one request after another (a budget is spent in order, so the answers are predictable). */
async function inTurn(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) answers.push(await send(i));
  return answers;
}

const askLink = (t: TestApp, email: string, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  t.request({ method: "POST", url: "/api/auth/sign-in/magic-link", payload: { email }, headers, remoteAddress });

// On an https PUBLIC_URL the session cookie is `__Secure-better-auth.session_token`; a client adds a
// junk `better-auth.session_token` (or a second copy of the real name) to look like someone new.
describeEachDialect(
  "signed-in limits are keyed by the verified user",
  (t) => {
    const junkBeside = (cookie: string, i: number) => `better-auth.session_token=junk-${i}; ${cookie}`;

    it("a junk session cookie beside the real one does not buy fresh holds", async () => {
      const cookie = await t().signIn("junk-holds@example.com");
      expect(cookie.startsWith("__Secure-better-auth.session_token=")).toBe(true);
      const answers = await inTurn(5, (i) =>
        t().request({
          method: "POST",
          url: "/api/holds",
          cookie: junkBeside(cookie, i),
          payload: { kind: "mock", targetId: `no-such-slot-${i}` },
        }),
      );
      expect(statuses(answers).slice(3)).toEqual([429, 429]);
      expect(statuses(answers).slice(0, 3)).not.toContain(429);
      expect(json<ApiError>(answers[4] as LightMyRequestResponse).error.code).toBe("RATE_LIMITED");
      // Nor does the plain cookie afterwards: it is the same student's budget.
      const plain = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie,
        payload: { kind: "mock", targetId: "no-such-slot" },
      });
      expect(plain.statusCode).toBe(429);
    });

    it("a junk session cookie does not buy fresh OTP sends or verifications", async () => {
      const cookie = await t().signIn("junk-otp@example.com");
      const sends = await inTurn(3, (i) =>
        t().request({
          method: "POST",
          url: "/api/otp/send",
          cookie: junkBeside(cookie, i),
          payload: { phone: `+91984500010${i}` },
        }),
      );
      expect(statuses(sends)).toEqual([200, 200, 429]);
      const verifies = await inTurn(4, (i) =>
        t().request({
          method: "POST",
          url: "/api/otp/verify",
          cookie: junkBeside(cookie, i),
          payload: { phone: "+919845000100", code: "000000" },
        }),
      );
      expect(statuses(verifies).slice(3)).toEqual([429]);
      expect(statuses(verifies).slice(0, 3)).not.toContain(429);
    });

    it("two copies of the session cookie's name count as signed out, never as a new student", async () => {
      const cookie = await t().signIn("twin-cookie@example.com");
      const value = cookie.split("=").slice(1).join("=");
      const twice = await t().request({
        url: "/api/me",
        cookie: `__Secure-better-auth.session_token=junk; __Secure-better-auth.session_token=${value}`,
      });
      expect(json<{ user: unknown }>(twice).user).toBeNull();
    });

    it("students behind one address each have their own budget", async () => {
      const [first, second] = [await t().signIn("nat-1@example.com"), await t().signIn("nat-2@example.com")];
      const hold = (cookie: string) =>
        t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: "nope" } });
      expect(statuses(await inTurn(4, () => hold(first)))).toContain(429);
      expect((await hold(second)).statusCode).not.toBe(429);
    });

    it("a hold refused by the student's budget takes no seat, and the answers say what is left", async () => {
      const { db } = t().app.deps;
      const [kept, wanted] = [await buildSlot(db, { capacity: 1 }), await buildSlot(db, { capacity: 1 })];
      const cookie = await t().signIn("hold-budget@example.com");
      const hold = (targetId: string) =>
        t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId } });
      const answers = await inTurn(3, () => hold(kept.id));
      expect(statuses(answers)).toEqual([201, 201, 201]);
      expect(answers.map((a) => a.headers["x-ratelimit-remaining"])).toEqual(["2", "1", "0"]);
      expect(answers[0]?.headers["x-ratelimit-limit"]).toBe("3");

      const refused = await hold(wanted.id);
      expect(refused.statusCode).toBe(429);
      expect(json<ApiError>(refused).error.message).toMatch(
        /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
      );
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      const seatsLeft = async (id: string) => {
        const list = json<{ slots: { id: string; seatsLeft: number }[] }>(
          await t().request({ url: "/api/slots?package=service" }),
        );
        return list.slots.find((slot) => slot.id === id)?.seatsLeft;
      };
      // The refused hold neither took the free seat nor replaced the student's hold.
      expect(await seatsLeft(wanted.id)).toBe(1);
      expect(await seatsLeft(kept.id)).toBe(0);
      const mine = json<{ holds: { targetId: string }[] }>(await t().request({ url: "/api/holds/mine", cookie }));
      expect(mine.holds.map((h) => h.targetId)).toEqual([kept.id]);
    });

    it("checkout has a budget per student", async () => {
      const cookie = await t().signIn("checkout-limit@example.com");
      const answers = await inTurn(3, () =>
        t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: "no-such-hold" } }),
      );
      expect(statuses(answers).slice(0, 2)).not.toContain(429);
      expect(answers[2]?.statusCode).toBe(429);
    });
  },
  {
    PUBLIC_URL: "https://localhost:3000",
    HOLD_RATE_LIMIT: "3",
    OTP_SEND_RATE_LIMIT: "2",
    OTP_VERIFY_RATE_LIMIT: "3",
    CHECKOUT_RATE_LIMIT: "2",
  },
);

describeEachDialect(
  "sign-in links per e-mail address",
  (t) => {
    it("sends at most five links to one address in 15 minutes, whichever clients ask", async () => {
      const answers = await inTurn(6, (i) =>
        askLink(t(), i % 2 ? "Inbox@Example.com" : "inbox@example.com", {}, `198.51.100.${i + 1}`),
      );
      expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = answers[5] as LightMyRequestResponse;
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(json<ApiError>(limited).error.message).toMatch(
        /^Several sign-in links were sent to this address already\. Please use the latest one or try again in \d+ minutes?\.$/,
      );
      const sent = await t()
        .app.deps.db.selectFrom("outbox_messages")
        .select("id")
        .where("to_address", "in", ["inbox@example.com", "Inbox@Example.com"])
        .execute();
      expect(sent).toHaveLength(5);
      expect((await askLink(t(), "another-inbox@example.com", {}, "198.51.100.1")).statusCode).toBe(200);
    });
  },
  { SIGN_IN_EMAIL_RATE_LIMIT: "5" },
);

describeEachDialect(
  "client address without a trusted proxy",
  (t) => {
    it("a forged X-Forwarded-For never lifts the per-client limit", async () => {
      const answers = await inTurn(4, (i) =>
        askLink(t(), `direct-${i}@example.com`, { "x-forwarded-for": `203.0.113.${i + 1}` }, "192.0.2.10"),
      );
      expect(statuses(answers)).toEqual([200, 200, 429, 429]);
    });

    it("certificate checks: 60 a minute per client address", async () => {
      const answers = await inTurn(61, (i) =>
        t().request({ url: `/api/certificates/CP-NONE-${i}`, remoteAddress: "192.0.2.60" }),
      );
      expect(statuses(answers).slice(0, 60)).not.toContain(429);
      expect(answers[60]?.statusCode).toBe(429);
    });
  },
  { SIGN_IN_RATE_LIMIT: "2" },
);

describeEachDialect(
  "client address behind one proxy (TRUST_PROXY=1)",
  (t) => {
    it("takes the address the proxy saw: a forged entry in front of it changes nothing", async () => {
      const answers = await inTurn(4, (i) =>
        askLink(t(), `hop-${i}@example.com`, { "x-forwarded-for": `10.9.9.${i + 1}, 203.0.113.50` }),
      );
      expect(statuses(answers)).toEqual([200, 200, 429, 429]);
    });

    it("clients behind the proxy are not all one address", async () => {
      const answers = await inTurn(4, (i) =>
        askLink(t(), `crowd-${i}@example.com`, { "x-forwarded-for": `203.0.113.${100 + i}` }),
      );
      expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    });
  },
  { SIGN_IN_RATE_LIMIT: "2", TRUST_PROXY: "1" },
);

describeEachDialect(
  "client address behind listed proxies (TRUST_PROXY=CIDR list)",
  (t) => {
    it("believes X-Forwarded-For only from a listed proxy", async () => {
      const viaProxy = await inTurn(3, (i) =>
        askLink(t(), `cidr-${i}@example.com`, { "x-forwarded-for": `203.0.113.${150 + i}` }, "10.1.2.3"),
      );
      expect(statuses(viaProxy)).toEqual([200, 200, 200]);
      const direct = await inTurn(4, (i) =>
        askLink(t(), `cidr-direct-${i}@example.com`, { "x-forwarded-for": `203.0.113.${200 + i}` }, "192.0.2.77"),
      );
      expect(statuses(direct)).toEqual([200, 200, 429, 429]);
    });

    it("walks back through every listed proxy to the client, ignoring what the client wrote", async () => {
      const answers = await inTurn(3, (i) =>
        askLink(
          t(),
          `chain-${i}@example.com`,
          { "x-forwarded-for": `198.18.0.${i + 1}, 203.0.113.99, 10.0.0.5` },
          "127.0.0.1",
        ),
      );
      expect(statuses(answers)).toEqual([200, 200, 429]);
    });
  },
  { SIGN_IN_RATE_LIMIT: "2", TRUST_PROXY: "10.0.0.0/8, loopback" },
);
