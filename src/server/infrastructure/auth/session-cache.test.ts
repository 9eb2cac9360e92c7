import { describe, expect, it } from "vitest";
import { SessionCache, type SessionUser } from "./session-cache.js";

const aUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: "user-1",
  email: "riya@example.in",
  name: "Riya",
  image: null,
  signedInAt: "2026-11-26T04:00:00.000Z",
  sessionId: "session-1",
  ...overrides,
});

const NOW = Date.parse("2026-11-26T05:00:00.000Z");
const YEAR_LATER = NOW + 365 * 24 * 3600 * 1000;

describe("the session cache", () => {
  it("does not put back a session that was ended while it was being verified", () => {
    const cache = new SessionCache();
    // A request read the session from the database, then the session was revoked, then the request cached it.
    cache.endSessions("user-1", "session-1", NOW);
    cache.set("cookie-1", aUser(), YEAR_LATER, NOW + 5);
    expect(cache.get("cookie-1", NOW + 10)).toBeUndefined();
    // Another session of the same user is cached as usual.
    cache.set("cookie-2", aUser({ sessionId: "session-2" }), YEAR_LATER, NOW + 5);
    expect(cache.get("cookie-2", NOW + 10)?.sessionId).toBe("session-2");
  });

  it("ends every session of a user at once, and only theirs", () => {
    const cache = new SessionCache();
    cache.set("phone", aUser(), YEAR_LATER, NOW);
    cache.set("laptop", aUser({ sessionId: "session-2" }), YEAR_LATER, NOW);
    cache.set("other", aUser({ id: "user-2", sessionId: "session-3" }), YEAR_LATER, NOW);
    cache.endSessions("user-1", null, NOW);
    expect(cache.get("phone", NOW)).toBeUndefined();
    expect(cache.get("laptop", NOW)).toBeUndefined();
    expect(cache.get("other", NOW)?.id).toBe("user-2");
    cache.set("phone", aUser(), YEAR_LATER, NOW + 1_000);
    expect(cache.get("phone", NOW + 1_000)).toBeUndefined();
  });

  it("caches a session again once its end is older than the cache's 30 s", () => {
    const cache = new SessionCache();
    cache.endSessions("user-1", "session-1", NOW);
    cache.set("cookie-1", aUser(), YEAR_LATER, NOW + 30_001);
    expect(cache.get("cookie-1", NOW + 30_002)?.sessionId).toBe("session-1");
  });
});
