import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { type CatalogKey, PAYMENT_WINDOW_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { JOURNEY_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import type { CheckoutResponse } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingKind, Database } from "../../db/schema.js";
import {
  findBookingById,
  findOpenCheckout,
  insertBooking,
  lockStudent,
  supersedeAllUnpaidCheckouts,
  supersedeUnpaidCheckouts,
  updateBooking,
} from "../bookings/index.js";
import { findCatalogItem, findCatalogLabel } from "../catalog/index.js";
import { applyCoupon, quoteOfBooking, withCouponTries } from "../coupons/service.js";
import { deleteHoldRow, findHoldById, findTargetForUpdate, lockHoldById } from "../holds/index.js";
import { liveEventFor } from "../holds/service.js";
import { insertPayment } from "../payments/index.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";

/**
 * 'Proceed to Payment': turns the user's unexpired hold into a booking in pending_payment at the
 * server's catalog price (less a coupon's discount), then opens a payment order for it. Retrying
 * returns the same order.
 */
export async function startCheckout(
  deps: AppDeps,
  userId: string,
  holdId: string,
  now = new Date(),
  options: { coupon?: string | undefined } = {},
): Promise<CheckoutResponse> {
  const nowIso = now.toISOString();
  const provider = deps.payments;
  const prepared = await withCouponTries(deps, { userId, code: options.coupon, now }, () =>
    deps.db.transaction().execute((trx) => prepareCheckout(deps, trx, { userId, holdId, now, coupon: options.coupon })),
  );
  if (prepared.released.length > 0) await releaseReplacedSeats(deps, prepared.bookingKind, prepared.released, now);

  if (prepared.kind === "opening") return waitForOrder(deps, userId, holdId);
  if (prepared.kind === "existing") {
    const price = await quoteOfBooking(deps.db, prepared.response.bookingId, prepared.response.amountPaise);
    return { ...prepared.response, ...price, provider: provider.name, keyId: provider.publicKey, currency: "INR" };
  }
  const description = `${await findCatalogLabel(deps.db, prepared.packageKey)} · ${prepared.title}`;

  let orderId: string;
  try {
    ({ orderId } = await provider.createOrder({
      amountPaise: prepared.amountPaise,
      receipt: `booking_${prepared.bookingId.replaceAll("-", "").slice(0, 30)}`,
      notes: { bookingId: prepared.bookingId },
    }));
  } catch (err) {
    deps.log.error({ err, bookingId: prepared.bookingId }, "payment order could not be created");
    await updateBooking(deps.db, prepared.bookingId, {
      status: "failed",
      seat_expires_at: null,
      updated_at: new Date().toISOString(),
    });
    await deps.bus.publish(liveEventFor(prepared.bookingKind, prepared.targetId));
    throw new AppError("UNAVAILABLE", MESSAGES.paymentStartFailed);
  }
  const paymentId = randomUUID();
  await insertPayment(deps.db, {
    id: paymentId,
    booking_id: prepared.bookingId,
    provider: provider.name,
    order_id: orderId,
    payment_id: null,
    amount_paise: prepared.amountPaise,
    currency: "INR",
    status: "created",
    refund_id: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  return {
    ...prepared.price,
    bookingId: prepared.bookingId,
    paymentId,
    provider: provider.name,
    orderId,
    amountPaise: prepared.amountPaise,
    currency: "INR",
    keyId: provider.publicKey,
    description,
  };
}

/**
 * Erasure, inside its transaction (docs/product.md, Your data): the student's row is locked first,
 * as a checkout locks it, so a checkout racing the erasure either comes first and is closed here or
 * comes after and finds its hold gone. Call before touching the student's holds or bookings.
 */
export async function lockStudentForErasure(deps: AppDeps, trx: Transaction<Database>, userId: string) {
  await lockStudent(trx, deps.dialect, userId);
}

/**
 * Erasure, inside its transaction: none of the student's unpaid checkouts (open, failed or
 * expired, of any kind) can book a seat any more; a payment that still arrives for one is refunded
 * as a replaced checkout's is. Returns the seats freed, for `releaseReplacedSeats` after the commit.
 */
export async function closeUnpaidCheckouts(trx: Transaction<Database>, userId: string, now: Date) {
  const closed = await supersedeAllUnpaidCheckouts(trx, userId, now.toISOString());
  const byKind = new Map<BookingKind, string[]>();
  for (const { kind, target_id } of closed) byKind.set(kind, [...new Set([...(byKind.get(kind) ?? []), target_id])]);
  return byKind;
}

/**
 * The seats of the checkouts this one replaced are free: each goes to the first in its line, if
 * anyone waits, in a transaction of its own (after the checkout's, so sessions are locked one at
 * a time); the waitlist sweep catches up if this process dies in between.
 */
export async function releaseReplacedSeats(deps: AppDeps, kind: BookingKind, targetIds: string[], now: Date) {
  try {
    const changes = await deps.db.transaction().execute(async (trx) => {
      const offered = [];
      for (const id of [...targetIds].sort()) offered.push(await offerFreedSeats(deps, trx, kind, id, now));
      return offered;
    });
    await announceLineChanges(deps, changes);
  } catch (err) {
    deps.log.error({ err }, "offering replaced checkouts' seats to the waitlist failed; the sweep will");
  }
  for (const targetId of targetIds) await deps.bus.publish(liveEventFor(kind, targetId));
}

/** The provider's order request may take up to 15 s; a doubled click waits for the first one's order. */
const ORDER_WAIT_MS = 16_000;

/**
 * A second 'Proceed to Payment' arrived while the first was still opening the order (a double
 * click, a retry after a time-out): answer with the same order once it exists.
 */
async function waitForOrder(deps: AppDeps, userId: string, bookingId: string): Promise<CheckoutResponse> {
  const provider = deps.payments;
  const deadline = Date.now() + ORDER_WAIT_MS;
  while (Date.now() < deadline) {
    const open = await findOpenCheckout(deps.db, userId, bookingId, new Date().toISOString());
    if (open) {
      const price = await quoteOfBooking(deps.db, bookingId, open.response.amountPaise);
      return { ...open.response, ...price, provider: provider.name, keyId: provider.publicKey, currency: "INR" };
    }
    const booking = await findBookingById(deps.db, bookingId);
    if (booking?.status !== "pending_payment") throw new AppError("UNAVAILABLE", MESSAGES.paymentStartFailed);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new AppError("UNAVAILABLE", MESSAGES.paymentStartFailed);
}

/**
 * Turns the hold into a pending booking. Locks in the one order every seat change uses: the
 * student (one checkout at a time), the session, the hold, then bookings (docs/payments.md, Locks).
 */
async function prepareCheckout(
  deps: AppDeps,
  trx: Transaction<Database>,
  input: { userId: string; holdId: string; now: Date; coupon: string | undefined },
) {
  const { userId, holdId, now } = input;
  const nowIso = now.toISOString();
  await lockStudent(trx, deps.dialect, userId);
  const seen = await findHoldById(trx, holdId);
  const target =
    seen?.user_id === userId
      ? await findTargetForUpdate(trx, deps.dialect, seen.kind, seen.target_id, now, deps.config.timeZone)
      : undefined;
  const hold = await lockHoldById(trx, deps.dialect, holdId);
  if (!hold) {
    // A retried request: the first one already turned this hold into the booking of the same id.
    const open = await findOpenCheckout(trx, userId, holdId, nowIso);
    if (open) return { kind: "existing" as const, released: [], bookingKind: seen?.kind ?? "mock", ...open };
    const booking = await findBookingById(trx, holdId);
    if (booking?.user_id === userId && booking.status === "pending_payment")
      return { kind: "opening" as const, released: [], bookingKind: booking.kind };
    throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
  }
  if (hold.user_id !== userId) throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
  if (hold.expires_at <= nowIso) {
    await deleteHoldRow(trx, hold.id);
    throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
  }
  if (target?.closing && target.id === hold.target_id)
    throw new AppError("BOOKING_CLOSED", JOURNEY_MESSAGES.bookingClosed);
  if (!target?.open || target.id !== hold.target_id) throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
  const packageKey = (hold.package_key || target.packageKeys[0]) as CatalogKey;
  const catalog = await findCatalogItem(trx, packageKey);
  if (!catalog.available) throw new AppError("NOT_AVAILABLE", MESSAGES.packageNotAvailable);
  const price = await applyCoupon(trx, deps.dialect, {
    code: input.coupon,
    packageKey,
    listPricePaise: catalog.pricePaise,
    bookingId: hold.id,
    now,
  });
  // One unpaid seat per kind: this checkout replaces the student's earlier ones (docs/product.md, Payment).
  const released = await supersedeUnpaidCheckouts(trx, { userId, kind: hold.kind, exceptId: hold.id, nowIso });
  // The booking takes the hold's id, so a retried checkout finds it (see above).
  await insertBooking(trx, {
    id: hold.id,
    user_id: userId,
    kind: hold.kind,
    target_id: hold.target_id,
    package_key: packageKey,
    domain: hold.domain,
    status: "pending_payment",
    amount_paise: price.amountPaise,
    seat_expires_at: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000).toISOString(),
    meeting_link: null,
    ics_sequence: 0,
    attendance: null,
    flag: null,
    confirmed_at: null,
    cancelled_at: null,
    cancel_reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  // The pending booking now keeps the seat; the hold's job is done.
  await deleteHoldRow(trx, hold.id);
  return {
    kind: "new" as const,
    released,
    bookingId: hold.id,
    amountPaise: price.amountPaise,
    price,
    packageKey,
    title: target.title,
    targetId: target.id,
    bookingKind: hold.kind,
  };
}
