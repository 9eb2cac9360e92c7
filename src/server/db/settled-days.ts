/**
 * A platform-zone day is settled once it ended this long ago: no confirmation, refund, hold or tax
 * document can still be dated in it, and its holds' checkouts are long paid or expired (hold 10 min,
 * payment 15 min, a late payment within hours). A settled day's figures and CSV lines are summed
 * once and kept (docs/decisions/0380-daily-rollups.md).
 */
export const SETTLED_AFTER_MS = 2 * 24 * 3_600_000;

/** The instant a day must have ended by to be settled, as an ISO string (ISO instants in UTC sort as text). */
export const settledBy = (nowMs: number) => new Date(nowMs - SETTLED_AFTER_MS).toISOString();

const inFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Requests to one database that would sum the same settled days at once share one summing: ten
 * requests arriving together for a period nobody asked for yet do its work once, not ten times.
 */
export function sumOnce<T>(db: object, key: string, work: () => Promise<T>): Promise<T> {
  const running = inFlight.get(db) ?? new Map<string, Promise<unknown>>();
  inFlight.set(db, running);
  const shared = running.get(key);
  if (shared) return shared as Promise<T>;
  const started = work().finally(() => running.delete(key));
  running.set(key, started);
  return started;
}

/**
 * The PostgreSQL advisory lock between summing a day's session figures and writes that drop it
 * (docs/decisions/0420-kept-days-dropped-on-change.md): a summing read holds it alone, so no write to
 * its days commits unseen between its sums and its keeping; dropping writes share it.
 */
export const KEPT_DAYS_LOCK = 1_768_846_185;
