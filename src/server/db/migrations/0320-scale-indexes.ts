import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: these tables are the biggest ones a running platform has (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * Every page reads what it shows (docs/benchmarks.md, Scale): insights by the instant a booking
 * was paid, cancelled or started; the seat sweeper by the pending checkouts only; the audit log
 * newest first, paged; the data export and the dashboard by the student's own rows.
 */
const INDEXES: OnlineIndex[] = [
  // Covering: the funnel counts and the revenue sums read these columns from the index alone.
  { name: "bookings_created_idx", table: "bookings", on: "created_at, confirmed_at" },
  {
    name: "bookings_confirmed_idx",
    table: "bookings",
    on: "confirmed_at, package_key, amount_paise",
    where: "confirmed_at is not null",
  },
  { name: "bookings_cancelled_idx", table: "bookings", on: "cancelled_at", where: "status = 'cancelled'" },
  { name: "bookings_pending_idx", table: "bookings", on: "seat_expires_at", where: "status = 'pending_payment'" },
  { name: "audit_log_created_idx", table: "audit_log", on: "created_at, id" },
  { name: "audit_log_entity_created_idx", table: "audit_log", on: "entity, created_at, id" },
  { name: "tax_documents_buyer_idx", table: "tax_documents", on: "buyer_user_id" },
  // The invoices list and CSV in the accountant's order, a batch after the last one read.
  { name: "tax_documents_issued_number_idx", table: "tax_documents", on: "issued_at, number" },
  { name: "certificates_user_idx", table: "certificates", on: "user_id" },
  { name: "contact_messages_email_idx", table: "contact_messages", on: "lower(email)" },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await createIndexOnline(db, index);
  // Replaced by the indexes above that also order a page's ties.
  await dropIndexOnline(db, "audit_log_entity_idx");
  await dropIndexOnline(db, "tax_documents_issued_idx");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, { name: "audit_log_entity_idx", table: "audit_log", on: "entity, created_at" });
  await createIndexOnline(db, { name: "tax_documents_issued_idx", table: "tax_documents", on: "issued_at" });
  for (const index of INDEXES) await dropIndexOnline(db, index.name);
}
