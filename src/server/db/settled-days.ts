import { sql } from "kysely";
import type { Dialect, Executor } from "./database.js";

/**
 * A platform-zone day is settled once it ended this long ago: no confirmation, refund, hold or tax
 * document can still be dated in it, and its holds' checkouts are long paid or expired (hold 10 min,
 * payment 15 min, a late payment within hours). A settled day's figures and CSV lines are summed
 * once and kept (docs/decisions/0380-daily-rollups.md).
 */
export const SETTLED_AFTER_MS = 2 * 24 * 3_600_000;

/** The instant a day must have ended by to be settled, as an ISO string (ISO instants in UTC sort as text). */
export const settledBy = (nowMs: number) => new Date(nowMs - SETTLED_AFTER_MS).toISOString();

/**
 * The feedback waits, which triggers drop whenever a scorecard or a session's end changes
 * (docs/decisions/0421-kept-days-dropped-on-change.md), are kept once their day or hour ended this
 * long ago (docs/decisions/0438-kept-days-an-hour-after.md): a later change reaches them through the
 * triggers, and the hour is the margin for a write in flight when the day ended, as PostgreSQL's
 * triggers for them skip what is dated today. So is the hold funnel (0441).
 */
export const KEPT_ON_CHANGE_AFTER_MS = 3_600_000;

/** The instant a day must have ended by for its drop-on-change figures to be kept (ISO). */
export const keptOnChangeBy = (nowMs: number) => new Date(nowMs - KEPT_ON_CHANGE_AFTER_MS).toISOString();

/**
 * Insights' session figures (seats, attendance, scores, coupon use) are kept from the moment their
 * day starts, today included (docs/decisions/0451-session-days-kept-from-their-start.md): every
 * change to a row feeding a started day drops it through the triggers, PostgreSQL's skipping only
 * what is dated two days ahead or later (migration 0440), and no change can commit unseen while a
 * day is summed (`lockKeptDays`). The instant a day must have started by, as an ISO string.
 */
export const sessionDaysKeptBy = (nowMs: number) => new Date(nowMs).toISOString();

/**
 * Money is dated when it is written: a payment's `confirmed_at`, a refund's `cancelled_at` and a
 * tax document's `issued_at` are the moment of the confirmation, the cancellation or the issue, in
 * its transaction (payments/confirm-service.ts, cancellations/service.ts, invoices/issuing.ts), so a
 * day that ended this long ago gets no more of it: Insights' money and the invoices CSV's lines are
 * kept from then. The hour is the margin for a transaction still open when the day ended
 * (docs/decisions/0441-money-and-funnel-kept-an-hour-after.md).
 */
export const MONEY_SETTLED_AFTER_MS = 3_600_000;

/** The instant a day must have ended by for its money to be kept (ISO). */
export const moneySettledBy = (nowMs: number) => new Date(nowMs - MONEY_SETTLED_AFTER_MS).toISOString();

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
 * The PostgreSQL advisory lock between summing kept days that can still change and the writes that
 * drop them (docs/decisions/0421-kept-days-dropped-on-change.md): dropping triggers share it.
 */
export const KEPT_DAYS_LOCK = 1_768_846_185;

/**
 * Held alone by a transaction that sums days and keeps them, so no write to those days commits
 * unseen between its sums and its keeping. SQLite needs nothing: the transaction is the only writer.
 */
export async function lockKeptDays(trx: Executor, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${sql.lit(KEPT_DAYS_LOCK)})`.execute(trx);
}
