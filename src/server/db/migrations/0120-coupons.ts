import type { Kysely } from "kysely";

/**
 * Discount coupons and their redemptions. A redemption belongs to one booking; it counts while the
 * booking is paid or its checkout is under way, so a cancelled, refunded, failed or expired booking
 * gives its redemption back without anyone having to remember to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("coupons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("percent_off", "integer")
    .addColumn("amount_off_paise", "integer")
    .addColumn("max_redemptions", "integer")
    .addColumn("valid_from", "text")
    .addColumn("valid_to", "text")
    .addColumn("packages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("coupon_redemptions")
    .addColumn("booking_id", "text", (c) => c.primaryKey())
    .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id"))
    .addColumn("list_price_paise", "integer", (c) => c.notNull())
    .addColumn("discount_paise", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("coupon_redemptions_coupon_idx").on("coupon_redemptions").column("coupon_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("coupon_redemptions").execute();
  await db.schema.dropTable("coupons").execute();
}
