import type { Transaction } from "kysely";
import type { Executor } from "../../db/database.js";
import type { Database, TaxDocumentsTable, TaxDocumentType } from "../../db/schema.js";
import type { DeflateSegment } from "../../infrastructure/gzip/deflate-segments.js";

/**
 * Takes the next number of a series for a financial year. The counter row is created at 0 the first
 * time, then advanced by one in an UPDATE that locks it until the caller's transaction ends: two
 * confirmations queue, and a rolled-back one gives its number back, so the series has no gaps.
 */
export async function takeNextNumber(
  trx: Transaction<Database>,
  series: string,
  financialYear: string,
): Promise<number> {
  await trx
    .insertInto("document_counters")
    .values({ series, financial_year: financialYear, last_number: 0 })
    .onConflict((oc) => oc.columns(["series", "financial_year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .where("financial_year", "=", financialYear)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertTaxDocument(db: Executor, doc: TaxDocumentsTable): Promise<void> {
  await db.insertInto("tax_documents").values(doc).execute();
}

export function findDocumentOfPayment(db: Executor, paymentId: string, types: readonly TaxDocumentType[]) {
  return db
    .selectFrom("tax_documents")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("type", "in", [...types])
    .executeTakeFirst();
}

export function findDocumentsOfBooking(db: Executor, bookingId: string) {
  return db.selectFrom("tax_documents").selectAll().where("booking_id", "=", bookingId).orderBy("issued_at").execute();
}

export function findDocumentById(db: Executor, id: string) {
  return db.selectFrom("tax_documents").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Documents issued in [fromIso, toIso), oldest first (the accountant's order), each with the number
 * of the document it reverses, `limit` at a time after the previous batch's last one.
 */
export function findDocumentsIssuedBetween(
  db: Executor,
  range: { fromIso: string; toIso: string; after?: { issuedAt: string; number: string } | undefined; limit?: number },
) {
  const { after } = range;
  let query = db
    .selectFrom("tax_documents")
    .leftJoin("tax_documents as original", "original.id", "tax_documents.original_id")
    .leftJoin("payments", "payments.id", "tax_documents.payment_id")
    .selectAll("tax_documents")
    .select([
      "original.number as original_number",
      "payments.provider as payment_provider",
      "payments.method as payment_method",
      "payments.payment_id as transaction_ref",
      "payments.refund_id as refund_ref",
    ])
    .where("tax_documents.issued_at", ">=", range.fromIso)
    .where("tax_documents.issued_at", "<", range.toIso)
    .orderBy("tax_documents.issued_at")
    .orderBy("tax_documents.number");
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("tax_documents.issued_at", "tax_documents.number"), ">", eb.tuple(after.issuedAt, after.number)),
    );
  }
  return range.limit === undefined ? query.execute() : query.limit(range.limit).execute();
}

/** What an invoice needs about a booking: its kind and package, the payment, and who bought it. */
export function findInvoiceFacts(db: Executor, bookingId: string, paymentId: string) {
  return db
    .selectFrom("bookings")
    .innerJoin("payments", "payments.booking_id", "bookings.id")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("coupon_redemptions", "coupon_redemptions.booking_id", "bookings.id")
    .select([
      "bookings.id as bookingId",
      "bookings.kind as kind",
      "bookings.package_key as packageKey",
      "bookings.user_id as userId",
      "payments.amount_paise as totalPaise",
      "user.name as userName",
      "user.email as email",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "profiles.state as state",
      "coupon_redemptions.list_price_paise as listPricePaise",
      "coupon_redemptions.discount_paise as discountPaise",
    ])
    .where("bookings.id", "=", bookingId)
    .where("payments.id", "=", paymentId)
    .executeTakeFirst();
}

/** How the document's payment was made and the provider's references, for the document to show. */
export function findPaymentReferences(db: Executor, paymentId: string) {
  return db
    .selectFrom("payments")
    .select([
      "provider as payment_provider",
      "method as payment_method",
      "payment_id as transaction_ref",
      "refund_id as refund_ref",
    ])
    .where("id", "=", paymentId)
    .executeTakeFirst();
}

type CsvDayRow = { lines_deflate: Uint8Array; lines_crc32: number | string; lines_bytes: number | string };

// PostgreSQL's bigint arrives as text.
const toSegment = (row: CsvDayRow): DeflateSegment => ({
  deflated: row.lines_deflate,
  crc32: Number(row.lines_crc32),
  bytes: Number(row.lines_bytes),
});

/** A settled day's kept CSV lines (docs/decisions/0431-csv-days-sent-compressed.md). */
export async function findCsvDay(db: Executor, timeZone: string, day: string): Promise<DeflateSegment | undefined> {
  const row = await db
    .selectFrom("invoice_csv_days")
    .select(["lines_deflate", "lines_crc32", "lines_bytes"])
    .where("time_zone", "=", timeZone)
    .where("day", "=", day)
    .executeTakeFirst();
  return row && toSegment(row);
}

/** The kept days from `from` to `to` (both included), by day: one read for a run of days, not one per day. */
export async function findCsvDays(
  db: Executor,
  timeZone: string,
  range: { from: string; to: string },
): Promise<Map<string, DeflateSegment>> {
  const rows = await db
    .selectFrom("invoice_csv_days")
    .select(["day", "lines_deflate", "lines_crc32", "lines_bytes"])
    .where("time_zone", "=", timeZone)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .execute();
  return new Map(rows.map((row) => [row.day, toSegment(row)]));
}

/** Keeps a settled day's lines; a day another request kept meanwhile is left as it is. */
export async function keepCsvDay(
  db: Executor,
  kept: { timeZone: string; day: string; documents: number; segment: DeflateSegment; rolledAt: string },
): Promise<void> {
  await db
    .insertInto("invoice_csv_days")
    .values({
      time_zone: kept.timeZone,
      day: kept.day,
      documents: kept.documents,
      lines_deflate: kept.segment.deflated,
      lines_crc32: kept.segment.crc32,
      lines_bytes: kept.segment.bytes,
      rolled_at: kept.rolledAt,
    })
    .onConflict((oc) => oc.columns(["time_zone", "day"]).doNothing())
    .execute();
}
