export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** When this session signed in (ISO instant): admin rights fade with it (docs/security.md, Admin). */
  signedInAt: string;
  /** The sign-in session's id (never its token): its revocation names it. */
  sessionId: string;
}

const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Verified sessions one app remembers for up to 30 s (never past their expiry), keyed by the hash of
 * the session cookie. It belongs to the app instance (AppDeps), so two apps in one process never
 * share one; a session ended anywhere (sign-out, revocation, erasure) leaves every process's cache at once
 * (infrastructure/auth/revocation.ts).
 */
export class SessionCache {
  readonly #entries = new Map<string, { user: SessionUser; until: number }>();
  /**
   * Sessions ended in the last 30 s, by id (or `user:<id>` for all of a user's), until when: a verification that
   * read a session just before its revocation must not put it back.
   */
  readonly #ended = new Map<string, number>();

  get(key: string, now = Date.now()): SessionUser | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.until > now ? entry.user : undefined;
  }

  set(key: string, user: SessionUser, expiresAt: number, now = Date.now()): void {
    if (this.#wasEnded(user, now)) return;
    if (this.#entries.size >= SESSION_CACHE_MAX) this.#entries.clear();
    this.#entries.set(key, { user, until: Math.min(now + SESSION_CACHE_MS, expiresAt) });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** After a change to the user record (a new name, an erasure), the next request reads it afresh. */
  forgetUser(userId: string): void {
    this.forgetSessions(userId, null);
  }

  /** Ended sessions (sign-out, revocation, erasure) leave the cache, and none is put back for 30 s. */
  endSessions(userId: string, sessionId: string | null, now = Date.now()): void {
    this.forgetSessions(userId, sessionId);
    if (this.#ended.size >= SESSION_CACHE_MAX) {
      for (const [ended, until] of this.#ended) if (until <= now) this.#ended.delete(ended);
    }
    this.#ended.set(sessionId ?? `user:${userId}`, now + SESSION_CACHE_MS);
  }

  #wasEnded(user: SessionUser, now: number): boolean {
    return [user.sessionId, `user:${user.id}`].some((ended) => (this.#ended.get(ended) ?? 0) > now);
  }

  /** A session of the user (every one when `sessionId` is null) is verified again on its next request. */
  forgetSessions(userId: string, sessionId: string | null): void {
    for (const [key, entry] of this.#entries) {
      if (entry.user.id === userId && (sessionId === null || entry.user.sessionId === sessionId)) {
        this.#entries.delete(key);
      }
    }
  }
}
