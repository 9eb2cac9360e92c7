import { describe, expect, it } from "vitest";
import { couponDiscountPaise, MIN_ORDER_PAISE, noCoupon, priceWithCoupon } from "./coupon-pricing.js";

describe("coupon pricing", () => {
  it("takes a percentage off, rounded half up to the paisa", () => {
    expect(priceWithCoupon({ code: "TEN", percentOff: 10, amountOffPaise: null }, 129_905)).toEqual({
      listPricePaise: 129_905,
      discountPaise: 12_991,
      amountPaise: 116_914,
      couponCode: "TEN",
    });
  });

  it("takes a fixed amount off, and never leaves less than ₹1 to pay", () => {
    expect(couponDiscountPaise({ percentOff: null, amountOffPaise: 20_000 }, 120_000)).toBe(20_000);
    expect(priceWithCoupon({ code: "ALL", percentOff: null, amountOffPaise: 500_000 }, 120_000).amountPaise).toBe(
      MIN_ORDER_PAISE,
    );
    expect(priceWithCoupon({ code: "FULL", percentOff: 100, amountOffPaise: null }, 120_000).amountPaise).toBe(
      MIN_ORDER_PAISE,
    );
  });

  it("charges the list price without a coupon", () => {
    expect(noCoupon(99_900)).toEqual({
      listPricePaise: 99_900,
      discountPaise: 0,
      amountPaise: 99_900,
      couponCode: null,
    });
  });
});
