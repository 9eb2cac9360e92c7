/**
 * A platform-zone day is settled once it ended this long ago: no confirmation, refund, hold or tax
 * document can still be dated in it, and its holds' checkouts are long paid or expired (hold 10 min,
 * payment 15 min, a late payment within hours). A settled day's figures and CSV lines are summed
 * once and kept (docs/decisions/0380-daily-rollups.md).
 */
export const SETTLED_AFTER_MS = 2 * 24 * 3_600_000;

/** The instant a day must have ended by to be settled, as an ISO string (ISO instants in UTC sort as text). */
export const settledBy = (nowMs: number) => new Date(nowMs - SETTLED_AFTER_MS).toISOString();
