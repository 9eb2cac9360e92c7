import type { ExpressionBuilder, QueryCreator } from "kysely";
import { CATALOG_DEFAULTS, COMPANY_TYPES, WAITLIST_LIVE_STATUSES } from "../../../shared/constants.js";
import type { Dialect } from "../../db/database.js";
import type { Database } from "../../db/schema.js";
import { bookingKeepsSeat, seatsTakenAt } from "../seats/index.js";
import type { HoldAttempt, HoldRequest } from "./hold-request.js";
import type { TargetRow } from "./targets-repository.js";

/** A mock package without a catalog row yet is as its default; a topic or track without one is not offered. */
const DEFAULT_AVAILABLE = COMPANY_TYPES.filter((key) => CATALOG_DEFAULTS[key].available);

/**
 * The facts a hold is decided on, read from the `target` row: the plan's availability, the
 * student's own live booking of this target, and the seats taken by everyone else, the waiting
 * line included (the student's current hold of this kind and their own place in line are left
 * out: taking a new one replaces it). On PostgreSQL the count runs in careerprep_seats_taken,
 * after the target's lock is granted (see migration 0140); elsewhere it is `seatsTakenAt`.
 */
export function selectFacts(
  qc: QueryCreator<Database & { target: TargetRow }>,
  dialect: Dialect,
  request: HoldRequest,
) {
  const { user_id: userId, kind } = request.hold;
  const nowIso = request.nowIso;
  return qc
    .selectFrom("target")
    .select((eb) => [
      "target.id",
      "target.capacity",
      "target.open",
      "target.closing",
      "target.package_key",
      "target.package_allowed",
      eb.fn
        .coalesce(
          eb.selectFrom("catalog_items").select("available").whereRef("catalog_items.key", "=", "target.package_key"),
          eb.case().when("target.package_key", "in", DEFAULT_AVAILABLE).then(1).else(0).end(),
        )
        .as("available"),
      eb
        .selectFrom("bookings")
        .select("status")
        .where("user_id", "=", userId)
        .whereRef("bookings.target_id", "=", "target.id")
        .where(bookingKeepsSeat(nowIso))
        .limit(1)
        .as("own_status"),
      dialect === "postgres"
        ? eb
            .fn<number>("careerprep_seats_taken", ["target.id", eb.val(nowIso), eb.val(userId), eb.val(kind)])
            .as("seats_taken")
        : seatsTakenAt(eb.ref("target.id"), nowIso, { userId, kind }).as("seats_taken"),
      eb
        .selectFrom("holds")
        .select("holds.target_id")
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .as("previous_target_id"),
      previousLine(eb, request).as("previous_line"),
    ]);
}

/** Whether anyone stands in the line of the student's current hold of this kind (its seat frees if replaced). */
function previousLine(eb: ExpressionBuilder<Database & { target: TargetRow }, "target">, request: HoldRequest) {
  const { user_id: userId, kind } = request.hold;
  return eb.exists(
    eb
      .selectFrom("waitlist_entries")
      .select("waitlist_entries.id")
      .where("waitlist_entries.status", "in", WAITLIST_LIVE_STATUSES)
      .where("waitlist_entries.target_id", "=", (w) =>
        w.selectFrom("holds").select("holds.target_id").where("user_id", "=", userId).where("kind", "=", kind),
      ),
  );
}

/** The facts' row as the database returns it (numbers may come back as text or booleans). */
export type Facts = {
  capacity: number;
  open: number;
  closing: number;
  package_key: string | null;
  package_allowed: number;
  available: number | null;
  own_status: string | null;
  seats_taken: number;
  previous_target_id: string | null;
  previous_line: number | boolean;
};

export const attemptFrom = (row: Facts, taken: boolean): HoldAttempt => ({
  capacity: Number(row.capacity),
  open: Number(row.open) === 1,
  closing: Number(row.closing) === 1,
  packageKey: row.package_key,
  packageAllowed: Number(row.package_allowed) > 0,
  available: Number(row.available) === 1,
  ownBookingStatus: row.own_status,
  seatsTaken: Number(row.seats_taken),
  previousTargetId: row.previous_target_id,
  previousLine: Boolean(Number(row.previous_line)),
  taken,
});

/** Every rule of a hold passes on these facts (PostgreSQL's statement writes the same test in SQL). */
export const mayTake = (row: Facts) =>
  Number(row.open) === 1 &&
  Number(row.package_allowed) > 0 &&
  Number(row.available) === 1 &&
  row.own_status === null &&
  Number(row.seats_taken) < Number(row.capacity);
