import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { type BookingKind, PAID_STATUSES } from "../../../shared/constants.js";
import type { Executor } from "../../db/database.js";
import type { Database } from "../../db/schema.js";

/**
 * The seat rule (docs/product.md, Holds, Waitlist), written once: every path that lists, holds,
 * offers or confirms a seat reads these expressions. Seats taken per target at `nowIso`: paid
 * bookings + pending payments whose seat hold has not run out + unexpired holds + the waiting line
 * (students waiting and unexpired seat offers). Seats left = capacity − this: while students
 * wait, a freed seat is theirs, not a walk-in's.
 *
 * PostgreSQL's hold statement counts through careerprep_seats_taken (migrations 0140 and 0250),
 * which must count after the target's lock is granted; seats.test.ts checks it against
 * `seatsTakenAt` on the same rows.
 */

/** A seat is counted for every target but one student's own: the hold being replaced and their place in line. */
export interface SeatOwner {
  userId: string;
  kind: BookingKind;
}

/** A booking that keeps its seat at `nowIso`: paid, or waiting for a payment whose seat hold has not run out. */
export function bookingKeepsSeat(nowIso: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "bookings">();
  return eb.or([
    eb("bookings.status", "in", PAID_STATUSES),
    eb.and([eb("bookings.status", "=", "pending_payment"), eb("bookings.seat_expires_at", ">", nowIso)]),
  ]);
}

/** A hold that keeps its seat at `nowIso`, leaving out `except`'s hold of its kind. */
export function holdKeepsSeat(nowIso: string, except?: SeatOwner): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "holds">();
  const live = eb("holds.expires_at", ">", nowIso);
  if (!except) return live;
  return eb.and([live, eb.not(eb.and([eb("holds.user_id", "=", except.userId), eb("holds.kind", "=", except.kind)]))]);
}

/**
 * A place in line that keeps a seat at `nowIso`: waiting, or offered and not yet lapsed.
 * `waitingLine: false` leaves out students still waiting (not offers): the seats free to offer them.
 */
export function lineKeepsSeat(
  nowIso: string,
  options: { waitingLine?: boolean; exceptUserId?: string } = {},
): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "waitlist_entries">();
  const kept = eb.or([
    ...((options.waitingLine ?? true) ? [eb("waitlist_entries.status", "=", "waiting")] : []),
    eb.and([eb("waitlist_entries.status", "=", "offered"), eb("waitlist_entries.offer_expires_at", ">", nowIso)]),
  ]);
  return options.exceptUserId === undefined
    ? kept
    : eb.and([eb("waitlist_entries.user_id", "<>", options.exceptUserId), kept]);
}

/**
 * Seats taken at one target, as a scalar expression for a statement that reads the target row
 * (`targetId` refers to its id), leaving out `except`'s own hold of its kind and place in line.
 */
export function seatsTakenAt(targetId: Expression<string>, nowIso: string, except?: SeatOwner): RawBuilder<number> {
  const eb = expressionBuilder<Database>();
  const bookings = eb
    .selectFrom("bookings")
    .select((c) => c.fn.countAll<number>().as("n"))
    .where("bookings.target_id", "=", targetId)
    .where(bookingKeepsSeat(nowIso));
  const holds = eb
    .selectFrom("holds")
    .select((c) => c.fn.countAll<number>().as("n"))
    .where("holds.target_id", "=", targetId)
    .where(holdKeepsSeat(nowIso, except));
  const line = eb
    .selectFrom("waitlist_entries")
    .select((c) => c.fn.countAll<number>().as("n"))
    .where("waitlist_entries.target_id", "=", targetId)
    .where(lineKeepsSeat(nowIso, { exceptUserId: except?.userId }));
  return sql<number>`(${bookings}) + (${holds}) + (${line})`;
}

/**
 * Seats taken per target (slot, workshop or internship id) at `nowIso`, in one statement (one round
 * trip on PostgreSQL): every seat-keeping row's target, counted per target. Call it inside the
 * transaction that decides.
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
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("bookings")
        .select("bookings.target_id")
        .where("bookings.target_id", "in", ids)
        .where(bookingKeepsSeat(nowIso))
        .unionAll(
          eb
            .selectFrom("holds")
            .select("holds.target_id")
            .where("holds.target_id", "in", ids)
            .where(holdKeepsSeat(nowIso)),
        )
        .unionAll(
          eb
            .selectFrom("waitlist_entries")
            .select("waitlist_entries.target_id")
            .where("waitlist_entries.target_id", "in", ids)
            .where(lineKeepsSeat(nowIso, options)),
        )
        .as("seats"),
    )
    .select(["seats.target_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("seats.target_id")
    .execute();
  for (const row of rows) taken.set(row.target_id, Number(row.n));
  return taken;
}

/** 1 when `open` holds, else 0: "open for booking" as a column of a target row. */
export const openFlag = (open: Expression<SqlBool>) => sql<number>`(CASE WHEN ${open} THEN 1 ELSE 0 END)`;

/** A slot open for booking: published, not cancelled, starting after the booking cut-off. */
export function slotOpenForBooking(cutoffIso: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "slots">();
  return eb.and([
    eb("slots.status", "=", "published"),
    eb("slots.cancelled_at", "is", null),
    eb("slots.start_at", ">", cutoffIso),
  ]);
}

/** A workshop session open for booking: published, not cancelled, starting after the booking cut-off. */
export function workshopOpenForBooking(cutoffIso: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "workshops">();
  return eb.and([
    eb("workshops.status", "=", "published"),
    eb("workshops.cancelled_at", "is", null),
    eb("workshops.start_at", ">", cutoffIso),
  ]);
}

/** An internship batch open for booking: not cancelled, and joinable until the day it starts (`today` in the platform zone). */
export function internshipOpenForBooking(today: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "internships">();
  return eb.and([eb("internships.start_date", ">", today), eb("internships.cancelled_at", "is", null)]);
}

/** Whether any paid booking exists for the target: such a slot or workshop cannot be deleted. */
export async function hasPaidBookings(db: Executor, targetId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("target_id", "=", targetId)
    .where("status", "in", PAID_STATUSES)
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
    .where("status", "in", PAID_STATUSES)
    .groupBy("target_id")
    .execute();
  return new Map(rows.map((r) => [r.target_id, Number(r.n)]));
}
