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

  get(key: string, now = Date.now()): SessionUser | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.until > now ? entry.user : undefined;
  }

  set(key: string, user: SessionUser, expiresAt: number, now = Date.now()): void {
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

  /** A revoked session of the user (every one when `sessionId` is null) is verified again on its next request. */
  forgetSessions(userId: string, sessionId: string | null): void {
    for (const [key, entry] of this.#entries) {
      if (entry.user.id === userId && (sessionId === null || entry.user.sessionId === sessionId)) {
        this.#entries.delete(key);
      }
    }
  }
}
