import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { portOf } from "../test/raw-http.js";
import { describeEachDialect, describeTwoInstances, type TestApp } from "../test/test-app.js";
import { uniqueEmail as email } from "../test/unique-email.js";
import { openStreamCount } from "./sse.js";

/** Opens a live stream over real HTTP; `ended` resolves true once the server ends it. */
async function openStream(app: FastifyInstance, path: string, cookie: string) {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${await portOf(app)}${path}`, {
    headers: { cookie },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const ended = (async () => {
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true }));
      if (!chunk || chunk.done) return true;
    }
  })();
  return { ended, close: () => abort.abort() };
}

/** Whether a cookie still signs in (and, asked once before, is in the session cache). */
const signedIn = async (t: TestApp, cookie: string) =>
  (await t.request({ method: "GET", url: "/api/dashboard", cookie })).statusCode === 200;

/** The tokens of the user's sessions, as better-auth lists them. */
async function sessionTokens(t: TestApp, cookie: string): Promise<string[]> {
  const res = await t.request({ method: "GET", url: "/api/auth/list-sessions", cookie });
  return res.json<Array<{ token: string }>>().map((session) => session.token);
}

/** Two sign-ins of one student (two devices), each with a stream open and its session cached. */
async function twoDevices(t: TestApp) {
  const address = email("two-devices");
  const phone = await t.signIn(address);
  const laptop = await t.signIn(address);
  const phoneStream = await openStream(t.app, "/api/me/stream", phone);
  const laptopStream = await openStream(t.app, "/api/me/stream", laptop);
  expect(await signedIn(t, phone)).toBe(true);
  expect(await signedIn(t, laptop)).toBe(true);
  return { address, phone, laptop, phoneStream, laptopStream };
}

describeEachDialect("ending a session ends its streams and its cached sign-in", (t) => {
  it("revoke-session from another device ends that session's stream and its cookie at once", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const phoneToken = (await sessionTokens(t(), laptop)).find((token) => phone.includes(token));
    expect(phoneToken).toBeDefined();
    const revoke = await t().request({
      method: "POST",
      url: "/api/auth/revoke-session",
      cookie: laptop,
      payload: { token: phoneToken },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await phoneStream.ended).toBe(true);
    expect(await signedIn(t(), phone)).toBe(false);
    expect(await signedIn(t(), laptop)).toBe(true);
    expect(openStreamCount(t().app.deps.bus)).toBe(1);
    laptopStream.close();
  });

  it("revoke-other-sessions ends the other device's stream and keeps this one", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const revoke = await t().request({
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      cookie: laptop,
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect(await phoneStream.ended).toBe(true);
    expect(await signedIn(t(), phone)).toBe(false);
    expect(await signedIn(t(), laptop)).toBe(true);
    expect(openStreamCount(t().app.deps.bus)).toBe(1);
    laptopStream.close();
  });

  it("revoke-sessions ends every stream and every cookie of the student", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const revoke = await t().request({ method: "POST", url: "/api/auth/revoke-sessions", cookie: laptop, payload: {} });
    expect(revoke.statusCode).toBe(200);
    expect(await phoneStream.ended).toBe(true);
    expect(await laptopStream.ended).toBe(true);
    expect(await signedIn(t(), phone)).toBe(false);
    expect(await signedIn(t(), laptop)).toBe(false);
  });

  it("sign-out ends that session's stream and cookie, not the other device's", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const signOut = await t().request({ method: "POST", url: "/api/auth/sign-out", cookie: phone, payload: {} });
    expect(signOut.statusCode).toBe(200);
    expect(await phoneStream.ended).toBe(true);
    expect(await signedIn(t(), phone)).toBe(false);
    expect(await signedIn(t(), laptop)).toBe(true);
    laptopStream.close();
  });

  it("erasing the account ends every stream and cookie of the student", async () => {
    const { address, phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const erase = await t().request({
      method: "DELETE",
      url: "/api/me",
      cookie: laptop,
      payload: { confirm: address },
    });
    expect(erase.statusCode).toBe(204);
    expect(await phoneStream.ended).toBe(true);
    expect(await laptopStream.ended).toBe(true);
    expect(await signedIn(t(), phone)).toBe(false);
  });

  it("a heartbeat ends a stream whose session row is gone without any event", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const token = (await sessionTokens(t(), phone)).find((candidate) => phone.includes(candidate));
    await t()
      .app.deps.db.deleteFrom("session")
      .where("token", "=", token ?? "")
      .execute();
    expect(await phoneStream.ended).toBe(true);
    // The same look-up kept the stream whose session is still there.
    expect(openStreamCount(t().app.deps.bus)).toBe(1);
    expect(await signedIn(t(), laptop)).toBe(true);
    laptopStream.close();
  }, 30_000);
});

describeEachDialect("after the live channel was down", (t) => {
  it("streams whose session ended meanwhile end at once, the others stay", async () => {
    const { phone, laptop, phoneStream, laptopStream } = await twoDevices(t());
    const token = (await sessionTokens(t(), phone)).find((candidate) => phone.includes(candidate));
    // Revoked in another process while this one could not hear it: the row is gone, no event came.
    await t()
      .app.deps.db.deleteFrom("session")
      .where("token", "=", token ?? "")
      .execute();
    // What the bus sends itself once its LISTEN connection is back (infrastructure/events/bus.ts).
    await t().app.deps.bus.publish({ topic: "sessions_unsure" });
    expect(await phoneStream.ended).toBe(true);
    expect(openStreamCount(t().app.deps.bus)).toBe(1);
    expect(await signedIn(t(), phone)).toBe(false);
    expect(await signedIn(t(), laptop)).toBe(true);
    laptopStream.close();
  }, 8_000);
});

describeTwoInstances("ending a session is seen by every instance", (apps) => {
  it("a revocation through one instance ends the stream and the cached sign-in on the other", async () => {
    const { first, second } = apps();
    const address = email("across");
    const phone = await first.signIn(address);
    const laptop = await first.signIn(address);
    const onSecond = await openStream(second, "/api/me/stream", phone);
    const askSecond = () =>
      second.inject({ method: "GET", url: "/api/dashboard", headers: { cookie: phone } }).then((res) => res.statusCode);
    expect(await askSecond()).toBe(200);
    const revoke = await first.request({
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      cookie: laptop,
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect(await onSecond.ended).toBe(true);
    expect(await askSecond()).toBe(401);
  });
});
