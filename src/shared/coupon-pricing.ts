import type { PriceQuote } from "./schemas/coupons.js";

/** The smallest order a payment provider accepts (₹1): a coupon never takes the price below it. */
export const MIN_ORDER_PAISE = 100;

/** What a coupon takes off: a percentage or a fixed amount. */
export interface CouponDiscount {
  percentOff: number | null;
  amountOffPaise: number | null;
}

/** The discount a coupon gives on a price, rounded half up to the paisa, leaving at least ₹1 to pay. */
export function couponDiscountPaise(coupon: CouponDiscount, listPricePaise: number): number {
  const raw =
    coupon.percentOff !== null ? Math.round((listPricePaise * coupon.percentOff) / 100) : (coupon.amountOffPaise ?? 0);
  return Math.max(0, Math.min(raw, listPricePaise - MIN_ORDER_PAISE));
}

/** The price without a coupon. */
export const noCoupon = (listPricePaise: number): PriceQuote => ({
  listPricePaise,
  discountPaise: 0,
  amountPaise: listPricePaise,
  couponCode: null,
});

/** The price with a coupon that applies: what the quote shows and the checkout charges. */
export function priceWithCoupon(coupon: CouponDiscount & { code: string }, listPricePaise: number): PriceQuote {
  const discountPaise = couponDiscountPaise(coupon, listPricePaise);
  return { listPricePaise, discountPaise, amountPaise: listPricePaise - discountPaise, couponCode: coupon.code };
}
