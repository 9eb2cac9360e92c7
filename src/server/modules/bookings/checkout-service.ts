import { randomUUID } from "node:crypto";
import { CATALOG_LABELS, type CatalogKey } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES } from "../../../shared/messages.js";
import type { CheckoutResponse } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app.js";
import { findCatalogItem } from "../catalog/repository.js";
import { applyCoupon, quoteOfBooking } from "../coupons/service.js";
import { lockHoldById } from "../holds/repository.js";
import { liveEventFor } from "../holds/service.js";
import { findTargetForUpdate } from "../holds/targets.js";
import { paymentProvider } from "../payments/provider.js";
import { findBookingById, findOpenCheckout, insertBooking, insertPayment, updateBooking } from "./repository.js";

/** How long a seat stays held while the student is paying (bounded, docs/product.md, Payment). */
export const PAYMENT_WINDOW_MINUTES = 15;

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
  const provider = paymentProvider(deps.config);
  const prepared = await deps.db.transaction().execute(async (trx) => {
    const hold = await lockHoldById(trx, deps.dialect, holdId);
    if (!hold) {
      // A retried request: the first one already turned this hold into the booking of the same id.
      const open = await findOpenCheckout(trx, userId, holdId, nowIso);
      if (open) return { kind: "existing" as const, ...open };
      const booking = await findBookingById(trx, holdId);
      if (booking?.user_id === userId && booking.status === "pending_payment") return { kind: "opening" as const };
      throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
    }
    if (hold.user_id !== userId) throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
    if (hold.expires_at <= nowIso) {
      await trx.deleteFrom("holds").where("id", "=", hold.id).execute();
      throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
    }
    const target = await findTargetForUpdate(trx, deps.dialect, hold.kind, hold.target_id, now, deps.config.timeZone);
    if (!target?.open) throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
    const packageKey = (hold.package_key || target.packageKeys[0]) as CatalogKey;
    const catalog = await findCatalogItem(trx, packageKey);
    if (!catalog.available) throw new AppError("NOT_AVAILABLE", MESSAGES.packageNotAvailable);
    const price = await applyCoupon(trx, deps.dialect, {
      code: options.coupon,
      packageKey,
      listPricePaise: catalog.pricePaise,
      bookingId: hold.id,
      now,
    });

    // The booking takes the hold's id, so a retried checkout finds it (see above).
    const bookingId = hold.id;
    await insertBooking(trx, {
      id: bookingId,
      user_id: userId,
      kind: hold.kind,
      target_id: hold.target_id,
      package_key: packageKey,
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
    await trx.deleteFrom("holds").where("id", "=", hold.id).execute();
    return {
      kind: "new" as const,
      bookingId,
      amountPaise: price.amountPaise,
      price,
      packageKey,
      title: target.title,
      targetId: target.id,
      bookingKind: hold.kind,
    };
  });

  if (prepared.kind === "opening") return waitForOrder(deps, userId, holdId);
  if (prepared.kind === "existing") {
    const price = await quoteOfBooking(deps.db, prepared.response.bookingId, prepared.response.amountPaise);
    return { ...prepared.response, ...price, provider: provider.name, keyId: provider.publicKey, currency: "INR" };
  }
  const description = `${CATALOG_LABELS[prepared.packageKey]} · ${prepared.title}`;

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

/** The provider's order request may take up to 15 s; a doubled click waits for the first one's order. */
const ORDER_WAIT_MS = 16_000;

/**
 * A second 'Proceed to Payment' arrived while the first was still opening the order (a double
 * click, a retry after a time-out): answer with the same order once it exists.
 */
async function waitForOrder(deps: AppDeps, userId: string, bookingId: string): Promise<CheckoutResponse> {
  const provider = paymentProvider(deps.config);
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
