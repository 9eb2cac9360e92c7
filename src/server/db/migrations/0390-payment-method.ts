import type { Kysely } from "kysely";

/**
 * How a payment was made, as the provider reports it (Razorpay's `method`: card, upi, netbanking…),
 * shown on receipts and invoices beside the transaction reference (docs/admin.md, "Payment").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("method", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("method").execute();
}
