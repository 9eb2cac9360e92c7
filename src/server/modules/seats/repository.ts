import type { Executor } from "../../db/database.js";

/** Booking statuses that keep a seat for good (paid, whatever happened at the session). */
export const SEAT_KEEPING_STATUSES = ["confirmed", "completed", "no_show"] as const;

/**
 * Seats taken per target (slot, workshop or internship id) at `nowIso`:
 * paid bookings + pending payments whose seat hold has not run out + unexpired holds + the waiting
 * line (students waiting and unexpired seat offers). Seats left = capacity − this (docs/product.md,
 * Holds, Waitlist): while students wait, a freed seat is theirs, not a walk-in's.
 * `waitingLine: false` leaves out students still waiting (not offers): the seats free to offer them.
 * Call it inside the transaction that decides. Keep in step with careerprep_seats_taken (migration 0250).
 */
export async function countSeatsTaken(
  db: Executor,
  targetIds: readonly string[],
  nowIso: string,
  options: { waitingLine?: boolean } = {},
): Promise<Map<string, number>> {
  const taken = new Map<string, number>(targetIds.map((id) => [id, 0]));
  if (targetIds.length === 0) return taken;
  const ids = [...targetIds];
  const waitingLine = options.waitingLine ?? true;
  // One statement (one round trip on PostgreSQL): every seat-taking row's target, counted per target.
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("bookings")
        .select("target_id")
        .where("target_id", "in", ids)
        .where((b) =>
          b.or([
            b("status", "in", SEAT_KEEPING_STATUSES),
            b.and([b("status", "=", "pending_payment"), b("seat_expires_at", ">", nowIso)]),
          ]),
        )
        .unionAll(
          eb.selectFrom("holds").select("target_id").where("target_id", "in", ids).where("expires_at", ">", nowIso),
        )
        .unionAll(
          eb
            .selectFrom("waitlist_entries")
            .select("target_id")
            .where("target_id", "in", ids)
            .where((w) =>
              w.or([
                ...(waitingLine ? [w("status", "=", "waiting")] : []),
                w.and([w("status", "=", "offered"), w("offer_expires_at", ">", nowIso)]),
              ]),
            ),
        )
        .as("seats"),
    )
    .select(["seats.target_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("seats.target_id")
    .execute();
  for (const row of rows) taken.set(row.target_id, Number(row.n));
  return taken;
}

/** Whether any paid booking exists for the target: such a slot or workshop cannot be deleted. */
export async function hasPaidBookings(db: Executor, targetId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("target_id", "=", targetId)
    .where("status", "in", SEAT_KEEPING_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Paid seats per target (what an admin sees as "booked"). */
export async function countPaidBookings(db: Executor, targetIds: readonly string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bookings")
    .select(["target_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("target_id", "in", [...targetIds])
    .where("status", "in", SEAT_KEEPING_STATUSES)
    .groupBy("target_id")
    .execute();
  return new Map(rows.map((r) => [r.target_id, Number(r.n)]));
}
