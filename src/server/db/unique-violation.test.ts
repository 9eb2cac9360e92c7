import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeEachDialect } from "../test/test-app.js";
import { isUniqueViolation } from "./unique-violation.js";

describeEachDialect("a unique violation", (t) => {
  it("is told apart from every other failed write, on this database's own error", async () => {
    const { db } = t().app.deps;
    const code = `UNIQ-${randomUUID().slice(0, 8)}`.toUpperCase();
    const coupon = {
      code,
      percent_off: 10,
      amount_off_paise: null,
      packages: "[]",
      max_redemptions: null,
      valid_from: null,
      valid_to: null,
      active: 1 as const,
      created_by: "admin@example.com",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    await db
      .insertInto("coupons")
      .values({ id: randomUUID(), ...coupon })
      .execute();
    const twice = await db
      .insertInto("coupons")
      .values({ id: randomUUID(), ...coupon })
      .execute()
      .catch((err: unknown) => err);
    expect(isUniqueViolation(twice)).toBe(true);
    const missingTable = await db
      .selectFrom("no_such_table" as "coupons")
      .selectAll()
      .execute()
      .catch((err: unknown) => err);
    expect(isUniqueViolation(missingTable)).toBe(false);
    expect(isUniqueViolation(new Error("connection refused"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
