import { randomUUID } from "node:crypto";
import { format } from "@lukeed/ms";
import { HOLD_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import {
  API_MESSAGES,
  JOURNEY_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  PROGRAMME_MESSAGES,
} from "../../../shared/messages.js";
import type { HoldDto, TakeHoldInput } from "../../../shared/schemas/booking.js";
import type { MyHolds } from "../../../shared/schemas/confirmation.js";
import { bookingCutoffIso, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Dialect, Executor } from "../../db/database.js";
import type { BookingKind, BookingsTable } from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import type { LiveEvent } from "../../infrastructure/events/bus.js";
import { limitKey } from "../../infrastructure/rate-limit/store.js";
import { needsApplication } from "../programme/service.js";
import { recordHoldDomain, refuseSlotOutsideDomain } from "./domain.js";
import {
  deleteHoldRow,
  deleteOwnHold,
  findActiveHoldsByUser,
  findHoldIdsKeptAfterFailedPayment,
  lockLiveHoldOn,
} from "./repository.js";
import { seatFreed } from "./seat-freed.js";
import { takeHoldIfFree } from "./take-hold-repository.js";

/** The hold budget's window: HOLD_RATE_LIMIT holds a minute per student (docs/security.md, Rate limits). */
const HOLD_BUDGET_WINDOW_MS = 60_000;

export const liveEventFor = (kind: BookingKind, targetId: string): LiveEvent =>
  kind === "mock"
    ? { topic: "slots", slotId: targetId }
    : kind === "workshop"
      ? { topic: "workshops", workshopId: targetId }
      : { topic: "internships" };

/** The student's hold budget after a request: what @fastify/rate-limit reports for every other limited route. */
export interface HoldBudget {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetsIn: number;
}

/** The row key of the student's hold budget: the one @fastify/rate-limit's store used for this route. */
const holdBudgetKey = (userId: string) => limitKey("POST /api/holds", `user:${userId}`);

/**
 * Takes one seat for HOLD_MINUTES (docs/product.md, Holds), replacing the user's previous hold of this kind.
 * The hit against the student's hold budget, the seat check, the count of seats taken (paid +
 * pending + held) and the insert happen at once in the repository (one statement on PostgreSQL,
 * under the target's row lock), so N requests for the last seat give exactly one hold. When no
 * seat was taken, the facts it saw say why. `spent` hears the budget left, limited or not.
 */
export async function takeHold(
  deps: AppDeps,
  userId: string,
  input: TakeHoldInput,
  spent: (budget: HoldBudget) => void = () => {},
  now = new Date(),
): Promise<HoldDto> {
  // An internship seat is for a student who applied to the batch (docs/product.md, Internship programme).
  if (input.kind === "internship" && (await needsApplication(deps, userId, input.targetId))) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.applicationRequired);
  }
  await refuseSlotOutsideDomain(deps.db, input);
  const nowIso = now.toISOString();
  const max = deps.config.holdRateLimitPerMinute;
  const hold = {
    id: randomUUID(),
    user_id: userId,
    kind: input.kind,
    target_id: input.targetId,
    expires_at: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
    created_at: nowIso,
  };
  const outcome = await takeHoldIfFree(deps.db, deps.dialect, {
    hold,
    wantedPackage: input.kind === "mock" ? input.packageKey : undefined,
    nowIso,
    cutoffIso: bookingCutoffIso(now),
    today: zonedDate(now, deps.config.timeZone),
    budget: { key: holdBudgetKey(userId), resetsAt: now.getTime() + HOLD_BUDGET_WINDOW_MS, nowMs: now.getTime(), max },
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", MESSAGES.reserveFailed);
    throw err;
  });
  const resetsIn = Math.ceil(Math.max(0, outcome.spent.resetsAt - now.getTime()) / 1000);
  spent({ limit: max, remaining: Math.max(0, max - outcome.spent.hits), resetsIn });
  if (outcome.spent.hits > max) {
    throw new AppError("RATE_LIMITED", API_MESSAGES.rateLimited(format(resetsIn * 1000, true)), { details: resetsIn });
  }
  const attempt = outcome.attempt;
  if (attempt?.closing) throw new AppError("BOOKING_CLOSED", JOURNEY_MESSAGES.bookingClosed);
  if (!attempt?.open) throw new AppError("NOT_FOUND", MESSAGES.reserveFailed);
  if (!attempt.packageAllowed || !attempt.packageKey) {
    if (input.kind !== "mock") throw new AppError("NOT_FOUND", MESSAGES.reserveFailed);
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.slotNotForPlan, { field: "packageKey" });
  }
  if (!attempt.available) throw new AppError("NOT_AVAILABLE", MESSAGES.packageNotAvailable);
  if (attempt.ownBookingStatus) {
    const message =
      attempt.ownBookingStatus === "pending_payment" ? MESSAGES.paymentInProgress : MESSAGES.alreadyBooked;
    throw new AppError("CONFLICT", message);
  }
  if (attempt.seatsTaken >= attempt.capacity) throw new AppError("SLOT_HELD", MESSAGES.slotHeld);
  if (!attempt.taken) throw new AppError("CONFLICT", MESSAGES.reserveFailed);

  await recordHoldDomain(deps.db, hold.id, input.domain);
  await deps.bus.publish(liveEventFor(input.kind, input.targetId));
  const released = attempt.previousTargetId;
  if (released && released !== input.targetId) {
    await deps.bus.publish(liveEventFor(input.kind, released));
    // The replaced hold freed a seat; if students wait there, it is theirs (the sweep would also offer it).
    if (attempt.previousLine) await seatFreed(deps, input.kind, released);
  }
  return {
    id: hold.id,
    kind: hold.kind,
    targetId: hold.target_id,
    packageKey: attempt.packageKey,
    expiresAt: hold.expires_at,
  };
}

/**
 * Releases the user's own hold (leaving the page, choosing again, or cancelling). Idempotent.
 * One statement deletes the hold and says whether students wait for its target; if they do, the
 * freed seat is offered to the first of them right after, in a transaction of its own
 * (docs/decisions/0200-hold-and-release-one-round-trip.md): the waiting line counts as taken
 * seats, so no walk-in can take the seat in between, and the sweep offers it if the process stops.
 */
export async function releaseHold(deps: AppDeps, userId: string, holdId: string): Promise<void> {
  const removed = await deleteOwnHold(deps.db, deps.dialect, holdId, userId);
  if (!removed) return;
  if (removed.line) await seatFreed(deps, removed.kind, removed.targetId);
  await deps.bus.publish(liveEventFor(removed.kind, removed.targetId));
}

/** The student's live holds: the booking page comes back to them (after a failed payment, say). */
export async function findMyHolds(deps: AppDeps, userId: string, now = new Date()): Promise<MyHolds> {
  const [rows, keptAfterFailure] = await Promise.all([
    findActiveHoldsByUser(deps.db, userId, now.toISOString()),
    findHoldIdsKeptAfterFailedPayment(deps.db, userId),
  ]);
  return {
    holds: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      targetId: row.target_id,
      packageKey: row.package_key,
      expiresAt: row.expires_at,
      msLeft: Math.max(0, Date.parse(row.expires_at) - now.getTime()),
      afterFailedPayment: keptAfterFailure.has(row.id),
    })),
  };
}

/**
 * Inside a payment's transaction: the seat a failed checkout still keeps for its student as a hold
 * (docs/decisions/0130-failed-payment-keeps-the-seat.md), locked after the session, or undefined.
 * A payment that arrives for that checkout after all books this seat: `handOverKeptSeat` drops the hold.
 */
export async function lockKeptSeat(
  trx: Executor,
  dialect: Dialect,
  booking: Pick<BookingsTable, "status" | "user_id" | "kind" | "target_id">,
  nowIso: string,
) {
  if (booking.status !== "failed") return undefined;
  const seat = { userId: booking.user_id, kind: booking.kind, targetId: booking.target_id, nowIso };
  return lockLiveHoldOn(trx, dialect, seat);
}

/** The paid booking now keeps the seat its hold kept. */
export async function handOverKeptSeat(trx: Executor, keptSeat: { id: string }): Promise<void> {
  await deleteHoldRow(trx, keptSeat.id);
}
