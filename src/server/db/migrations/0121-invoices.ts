import type { Kysely } from "kysely";

/**
 * Tax invoices, receipts and credit notes, numbered from counter rows (one per series and financial
 * year) that are advanced inside the confirming transaction, so a number is never skipped. The
 * student's state on the profile is the place of supply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document_counters")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_counters_pk", ["series", "financial_year"])
    .execute();
  await db.schema
    .createTable("tax_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("original_id", "text")
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("buyer_user_id", "text", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_email", "text", (c) => c.notNull())
    .addColumn("buyer_state", "text")
    .addColumn("place_of_supply", "text")
    .addColumn("supplier_name", "text", (c) => c.notNull())
    .addColumn("supplier_address", "text", (c) => c.notNull())
    .addColumn("supplier_gstin", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("sac", "text", (c) => c.notNull())
    .addColumn("list_price_paise", "integer", (c) => c.notNull())
    .addColumn("discount_paise", "integer", (c) => c.notNull())
    .addColumn("total_paise", "integer", (c) => c.notNull())
    .addColumn("taxable_paise", "integer", (c) => c.notNull())
    .addColumn("cgst_paise", "integer", (c) => c.notNull())
    .addColumn("sgst_paise", "integer", (c) => c.notNull())
    .addColumn("igst_paise", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tax_documents_payment_type_idx")
    .on("tax_documents")
    .columns(["payment_id", "type"])
    .unique()
    .execute();
  await db.schema.createIndex("tax_documents_booking_idx").on("tax_documents").column("booking_id").execute();
  await db.schema.createIndex("tax_documents_issued_idx").on("tax_documents").column("issued_at").execute();
  await db.schema.alterTable("profiles").addColumn("state", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("state").execute();
  await db.schema.dropTable("tax_documents").execute();
  await db.schema.dropTable("document_counters").execute();
}
