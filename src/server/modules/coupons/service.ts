import { randomUUID } from "node:crypto";
import { format } from "@lukeed/ms";
import type { Transaction } from "kysely";
import { z } from "zod";
import type { CatalogKey } from "../../../shared/constants.js";
import { noCoupon, priceWithCoupon } from "../../../shared/coupon-pricing.js";
import { AppError } from "../../../shared/errors.js";
import { API_MESSAGES, COUPON_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import type { CouponDto, CouponInput, CouponsPageDto, PriceQuote } from "../../../shared/schemas/coupons.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import type { AppDeps } from "../../app-deps.js";
import type { Dialect, Executor } from "../../db/database.js";
import { decodeCouponPackages } from "../../db/json-columns.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import type { CouponsTable, Database } from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { countHit, uncountHit } from "../../infrastructure/rate-limit/repository.js";
import { limitKey } from "../../infrastructure/rate-limit/store.js";
import { recordAudit } from "../audit/index.js";
import { findCatalogItem } from "../catalog/index.js";
import { findActiveHoldsByUser } from "../holds/index.js";
import {
  countLiveRedemptions,
  findCouponByCode,
  findCouponById,
  findRedemptionByBooking,
  insertCoupon,
  insertRedemption,
  listCouponsWithUse,
  lockCouponByCode,
  lockCouponOfBooking,
  setCouponActive,
} from "./repository.js";

const couponError = (message: string) => new AppError("VALIDATION", message, { field: "coupon" });

/**
 * Why this coupon cannot be used now for this package, or undefined when it can. A code that does
 * not exist, is switched off, or is outside its dates gets one answer, so a student guessing codes
 * cannot tell a dead campaign's code from a made-up one (docs/security.md, Money and accounts).
 */
function refusal(coupon: CouponsTable | undefined, packageKey: CatalogKey, nowIso: string): string | undefined {
  if (!coupon?.active) return COUPON_MESSAGES.notValid;
  if (coupon.valid_from && coupon.valid_from > nowIso) return COUPON_MESSAGES.notValid;
  if (coupon.valid_to && coupon.valid_to <= nowIso) return COUPON_MESSAGES.notValid;
  const packages = decodeCouponPackages(coupon.packages) as string[];
  if (packages.length > 0 && !packages.includes(packageKey)) return COUPON_MESSAGES.notForPackage;
  return undefined;
}

const normalise = (code: string) => code.trim().toUpperCase();

/**
 * The coupon, checked for this package at `nowIso` and with a redemption left: the quote and the
 * checkout ask the same questions, the checkout with the coupon row locked.
 */
async function usableCoupon(
  db: Executor,
  coupon: CouponsTable | undefined,
  packageKey: CatalogKey,
  nowIso: string,
): Promise<CouponsTable> {
  const refused = refusal(coupon, packageKey, nowIso);
  if (refused || !coupon) throw couponError(refused ?? COUPON_MESSAGES.notValid);
  if (
    coupon.max_redemptions !== null &&
    (await countLiveRedemptions(db, coupon.id, nowIso)) >= coupon.max_redemptions
  ) {
    throw new AppError("CONFLICT", COUPON_MESSAGES.usedUp, { field: "coupon" });
  }
  return coupon;
}

const priceOf = (coupon: CouponsTable, listPricePaise: number) =>
  priceWithCoupon(
    { code: coupon.code, percentOff: coupon.percent_off, amountOffPaise: coupon.amount_off_paise },
    listPricePaise,
  );

/**
 * Redeems a coupon for a booking inside the checkout's transaction and returns the price to charge.
 * The coupon row is locked and its live redemptions counted before this one is recorded, so a
 * coupon with one redemption left is used once however many checkouts race for it, on one
 * instance or many.
 */
export async function applyCoupon(
  trx: Transaction<Database>,
  dialect: Dialect,
  input: { code: string | undefined; packageKey: CatalogKey; listPricePaise: number; bookingId: string; now: Date },
): Promise<PriceQuote> {
  if (!input.code?.trim()) return noCoupon(input.listPricePaise);
  const nowIso = input.now.toISOString();
  const coupon = await usableCoupon(
    trx,
    await lockCouponByCode(trx, dialect, normalise(input.code)),
    input.packageKey,
    nowIso,
  );
  const price = priceOf(coupon, input.listPricePaise);
  await insertRedemption(trx, {
    booking_id: input.bookingId,
    coupon_id: coupon.id,
    list_price_paise: input.listPricePaise,
    discount_paise: price.discountPaise,
    created_at: nowIso,
  });
  return price;
}

/**
 * Inside the confirming transaction: whether the booking's coupon has no redemption left for it,
 * because other bookings (paid, or still in their payment window) used its limit after this
 * checkout's own window ended (a failed, abandoned or expired checkout paid late). The coupon row
 * is locked first, so checkouts and other payments of the same coupon wait for this decision.
 */
export async function couponLimitSpentFor(
  trx: Transaction<Database>,
  dialect: Dialect,
  bookingId: string,
  now: Date,
): Promise<boolean> {
  const coupon = await lockCouponOfBooking(trx, dialect, bookingId);
  if (coupon?.max_redemptions == null) return false;
  const others = await countLiveRedemptions(trx, coupon.id, now.toISOString(), bookingId);
  return others >= coupon.max_redemptions;
}

/** A student's coupon tries: the budget @fastify/rate-limit's store keeps for the quote route. */
const couponTriesKey = (userId: string) => limitKey("POST /api/checkout/quote", `user:${userId}`);
const COUPON_TRIES_WINDOW_MS = 3_600_000;

const isCouponRefusal = (err: unknown) => err instanceof AppError && err.field === "coupon";

/**
 * Runs a checkout that carries a coupon code against the student's hourly coupon tries, the budget
 * the quote spends (COUPON_QUOTE_RATE_LIMIT), so guessing codes through Proceed to Payment is no
 * cheaper than through Apply. The try is counted before the code is looked at (parallel guesses
 * are each counted once) and given back unless the code was refused: a code that works costs
 * nothing.
 */
export async function withCouponTries<T>(
  deps: AppDeps,
  input: { userId: string; code: string | undefined; now: Date },
  checkout: () => Promise<T>,
): Promise<T> {
  if (!input.code?.trim()) return checkout();
  const key = couponTriesKey(input.userId);
  const nowMs = input.now.getTime();
  const spent = await countHit(deps.db, key, COUPON_TRIES_WINDOW_MS, nowMs);
  if (spent.hits > deps.config.couponQuoteRateLimitPerHour) {
    const resetsIn = Math.ceil(Math.max(0, spent.resetsAt - nowMs) / 1000);
    throw new AppError("RATE_LIMITED", API_MESSAGES.rateLimited(format(resetsIn * 1000, true)), { details: resetsIn });
  }
  try {
    const result = await checkout();
    await uncountHit(deps.db, key);
    return result;
  } catch (err) {
    if (!isCouponRefusal(err)) await uncountHit(deps.db, key);
    throw err;
  }
}

/** The price a coupon would give, without redeeming it (the checkout page's preview). */
export async function quoteCoupon(
  deps: AppDeps,
  input: { code: string | undefined; packageKey: CatalogKey; listPricePaise: number },
  now = new Date(),
): Promise<PriceQuote> {
  if (!input.code?.trim()) return noCoupon(input.listPricePaise);
  const nowIso = now.toISOString();
  const coupon = await findCouponByCode(deps.db, normalise(input.code));
  return priceOf(await usableCoupon(deps.db, coupon, input.packageKey, nowIso), input.listPricePaise);
}

/** The price the student's hold would be charged with this coupon: the checkout page shows it before paying. */
export async function quoteForHold(deps: AppDeps, userId: string, holdId: string, code: string | undefined) {
  const now = new Date();
  const hold = (await findActiveHoldsByUser(deps.db, userId, now.toISOString())).find((h) => h.id === holdId);
  if (!hold?.package_key) throw new AppError("HOLD_EXPIRED", MESSAGES.holdExpired);
  const packageKey = hold.package_key as CatalogKey;
  const catalog = await findCatalogItem(deps.db, packageKey);
  return quoteCoupon(deps, { code, packageKey, listPricePaise: catalog.pricePaise }, now);
}

/** The price recorded for a booking at checkout (list price and discount), for a repeated checkout answer. */
export async function quoteOfBooking(
  db: AppDeps["db"] | Transaction<Database>,
  bookingId: string,
  amountPaise: number,
): Promise<PriceQuote> {
  const redemption = await findRedemptionByBooking(db, bookingId);
  return redemption
    ? {
        listPricePaise: redemption.listPricePaise,
        discountPaise: redemption.discountPaise,
        amountPaise,
        couponCode: redemption.code,
      }
    : noCoupon(amountPaise);
}

function toDto(row: Awaited<ReturnType<typeof listCouponsWithUse>>[number]): CouponDto {
  const { coupon } = row;
  return {
    id: coupon.id,
    code: coupon.code,
    percentOff: coupon.percent_off,
    amountOffPaise: coupon.amount_off_paise,
    maxRedemptions: coupon.max_redemptions,
    validFrom: coupon.valid_from,
    validTo: coupon.valid_to,
    packages: decodeCouponPackages(coupon.packages),
    active: coupon.active === 1,
    redemptions: row.redemptions,
    paidRedemptions: row.paidRedemptions,
    discountPaise: row.discountPaise,
    createdAt: coupon.created_at,
  };
}

const positionSchema = z.tuple([z.string().max(40), z.string().max(64)]);

/** A page of coupons, newest first, with their use, and where the next page starts. */
export async function listCoupons(deps: AppDeps, query: PageQuery): Promise<CouponsPageDto> {
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  const rows = await listCouponsWithUse(deps.db, new Date().toISOString(), {
    before: position ? { createdAt: position[0], id: position[1] } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.coupon;
  return {
    coupons: page.map(toDto),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

async function couponDto(deps: AppDeps, id: string): Promise<CouponDto> {
  const [row] = await listCouponsWithUse(deps.db, new Date().toISOString(), { ids: [id] });
  if (!row) throw new AppError("NOT_FOUND", COUPON_MESSAGES.gone);
  return toDto(row);
}

export async function createCoupon(deps: AppDeps, actorEmail: string, input: CouponInput): Promise<CouponDto> {
  const nowIso = new Date().toISOString();
  const id = randomUUID();
  const row: CouponsTable = {
    id,
    code: input.code,
    percent_off: input.percentOff ?? null,
    amount_off_paise: input.amountOffPaise ?? null,
    max_redemptions: input.maxRedemptions ?? null,
    valid_from: input.validFrom ? new Date(input.validFrom).toISOString() : null,
    valid_to: input.validTo ? new Date(input.validTo).toISOString() : null,
    packages: JSON.stringify([...new Set(input.packages ?? [])]),
    active: 1,
    created_by: actorEmail,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await deps.db
    .transaction()
    .execute(async (trx) => {
      if (await findCouponByCode(trx, row.code))
        throw new AppError("CONFLICT", COUPON_MESSAGES.codeTaken(row.code), { field: "code" });
      await insertCoupon(trx, row);
      await recordAudit(trx, {
        actorEmail,
        action: "create",
        entity: "coupon",
        entityId: id,
        before: null,
        after: input,
      });
    })
    .catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      // Two admins creating the same code at once: the unique index decides.
      if (isUniqueViolation(err)) {
        throw new AppError("CONFLICT", COUPON_MESSAGES.codeTaken(row.code), { field: "code" });
      }
      throw err;
    });
  return couponDto(deps, id);
}

/** Deactivating stops new redemptions; bookings that used it keep their price. */
export async function setCouponActiveAsAdmin(
  deps: AppDeps,
  actorEmail: string,
  id: string,
  active: boolean,
): Promise<CouponDto> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findCouponById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", COUPON_MESSAGES.gone);
    await setCouponActive(trx, id, active, new Date().toISOString());
    await recordAudit(trx, {
      actorEmail,
      action: active ? "activate" : "deactivate",
      entity: "coupon",
      entityId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
  });
  return couponDto(deps, id);
}
