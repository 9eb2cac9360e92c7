import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Transaction } from "kysely";
import { z } from "zod";
import { CATALOG_LABELS, type CatalogKey } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { financialYear, SERVICE_SAC, splitInclusiveGst } from "../../../shared/gst.js";
import { INVOICE_MESSAGES } from "../../../shared/messages.js";
import { personName } from "../../../shared/person-name.js";
import type { InvoicesPageDto, TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import type { BookingKind, Database, TaxDocumentsTable, TaxDocumentType } from "../../db/schema.js";
import { settledBy, sumOnce } from "../../db/settled-days.js";
import { renderTaxDocumentPdf } from "./pdf.js";
import {
  findCsvDay,
  findDocumentById,
  findDocumentOfPayment,
  findDocumentsIssuedBetween,
  findDocumentsOfBooking,
  findInvoiceFacts,
  insertTaxDocument,
  keepCsvDay,
  takeNextNumber,
} from "./repository.js";

type Trx = Transaction<Database>;

const SALE_TYPES = ["invoice", "receipt"] as const satisfies readonly TaxDocumentType[];
const REFUND_TYPES = ["credit_note", "refund_receipt"] as const satisfies readonly TaxDocumentType[];

/** Each document type has its own gap-free series: CP/26-27/00123, CPCN/26-27/00004… */
function seriesOf(prefix: string, type: TaxDocumentType): string {
  const suffix = { invoice: "", credit_note: "CN", receipt: "R", refund_receipt: "RF" }[type];
  return `${prefix}${suffix}`;
}

/**
 * GST rule 46: a serial of at most 16 characters (letters, digits, "-" and "/"). The year is written
 * short ("2026-27" as "26-27") and the count in five digits, so the longest series (a two-character
 * prefix and "RF") fits 16 through 99,999 documents a year, and an invoice through 9,999,999.
 */
export const formatDocumentNumber = (series: string, fy: string, n: number) =>
  `${series}/${fy.slice(2)}/${String(n).padStart(5, "0")}`;

function describeService(kind: BookingKind, packageKey: string): string {
  const label = CATALOG_LABELS[packageKey as CatalogKey] ?? packageKey;
  if (kind === "mock") return `Mock interview, ${label} plan`;
  if (kind === "workshop") return `Live online workshop: ${label}`;
  return `Online internship programme: ${label}`;
}

async function allocate(trx: Trx, deps: AppDeps, type: TaxDocumentType, now: Date) {
  const fy = financialYear(zonedDate(now, deps.config.timeZone));
  const series = seriesOf(deps.config.supplier.invoicePrefix, type);
  const n = await takeNextNumber(trx, series, fy);
  return { number: formatDocumentNumber(series, fy, n), financialYear: fy };
}

/**
 * Issues the invoice for a confirmed payment, inside the confirming transaction (so its number is
 * taken only if the confirmation commits). With a GSTIN configured it is a tax invoice: the
 * GST-inclusive price split into taxable value and CGST+SGST when the student's state (the place of
 * supply) is the supplier's, IGST otherwise. Without one it is a plain payment receipt.
 */
export async function issueInvoice(
  trx: Trx,
  deps: AppDeps,
  input: { bookingId: string; paymentId: string; now: Date },
): Promise<void> {
  if (await findDocumentOfPayment(trx, input.paymentId, SALE_TYPES)) return;
  const facts = await findInvoiceFacts(trx, input.bookingId, input.paymentId);
  if (!facts) return;
  const { supplier } = deps.config;
  const type: TaxDocumentType = supplier.gstin ? "invoice" : "receipt";
  const { number, financialYear: fy } = await allocate(trx, deps, type, input.now);
  const supplierState = supplier.gstin?.slice(0, 2) ?? null;
  // A sale to an unregistered person: the place of supply is the buyer's address on record, else
  // the supplier's location (IGST Act, 2017, section 12(2)(b)).
  const placeOfSupply = supplier.gstin ? (facts.state ?? supplierState) : null;
  const split = supplier.gstin
    ? splitInclusiveGst(facts.totalPaise, placeOfSupply === supplierState)
    : { taxablePaise: facts.totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const profileName = [facts.firstName, facts.lastName].filter(Boolean).join(" ").trim();
  await insertTaxDocument(trx, {
    id: randomUUID(),
    type,
    number,
    financial_year: fy,
    booking_id: facts.bookingId,
    payment_id: input.paymentId,
    original_id: null,
    issued_at: input.now.toISOString(),
    buyer_user_id: facts.userId,
    buyer_name: profileName || personName({ accountName: facts.userName, email: facts.email }),
    buyer_email: facts.email,
    buyer_state: facts.state,
    place_of_supply: placeOfSupply,
    supplier_name: supplier.legalName,
    supplier_address: supplier.address,
    supplier_gstin: supplier.gstin ?? null,
    description: describeService(facts.kind, facts.packageKey),
    sac: SERVICE_SAC,
    list_price_paise: facts.listPricePaise ?? facts.totalPaise,
    discount_paise: facts.discountPaise ?? 0,
    total_paise: facts.totalPaise,
    ...toColumns(split),
  });
}

const toColumns = (split: ReturnType<typeof splitInclusiveGst>) => ({
  taxable_paise: split.taxablePaise,
  cgst_paise: split.cgstPaise,
  sgst_paise: split.sgstPaise,
  igst_paise: split.igstPaise,
});

/**
 * A refunded payment gets a credit note against its tax invoice (or a refund receipt against its
 * receipt), for the full amount with the same tax split, in the cancelling transaction.
 */
export async function issueCreditNote(trx: Trx, deps: AppDeps, input: { paymentId: string; now: Date }): Promise<void> {
  const original = await findDocumentOfPayment(trx, input.paymentId, SALE_TYPES);
  if (!original || (await findDocumentOfPayment(trx, input.paymentId, REFUND_TYPES))) return;
  const type: TaxDocumentType = original.type === "invoice" ? "credit_note" : "refund_receipt";
  const { number, financialYear: fy } = await allocate(trx, deps, type, input.now);
  await insertTaxDocument(trx, {
    ...original,
    id: randomUUID(),
    type,
    number,
    financial_year: fy,
    original_id: original.id,
    issued_at: input.now.toISOString(),
  });
}

export function toDto(doc: TaxDocumentsTable, original?: TaxDocumentsTable): TaxDocumentDto {
  return {
    id: doc.id,
    type: doc.type,
    number: doc.number,
    financialYear: doc.financial_year,
    bookingId: doc.booking_id,
    originalNumber: original?.number ?? null,
    issuedAt: doc.issued_at,
    buyerName: doc.buyer_name,
    buyerEmail: doc.buyer_email,
    placeOfSupply: doc.place_of_supply,
    description: doc.description,
    sac: doc.sac,
    listPricePaise: doc.list_price_paise,
    discountPaise: doc.discount_paise,
    totalPaise: doc.total_paise,
    taxablePaise: doc.taxable_paise,
    cgstPaise: doc.cgst_paise,
    sgstPaise: doc.sgst_paise,
    igstPaise: doc.igst_paise,
  };
}

/** The student's own booking's invoice or receipt (404 for anyone else's, or before payment). */
export async function findOwnReceipt(deps: AppDeps, userId: string, bookingId: string) {
  const docs = await findDocumentsOfBooking(deps.db, bookingId);
  const sale = docs.filter((d) => d.type === "invoice" || d.type === "receipt").at(-1);
  if (!sale || sale.buyer_user_id !== userId) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.notFound);
  return sale;
}

export async function findDocument(deps: AppDeps, id: string) {
  const doc = await findDocumentById(deps.db, id);
  if (!doc) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.notFound);
  const original = doc.original_id ? await findDocumentById(deps.db, doc.original_id) : undefined;
  return { doc, original };
}

const positionSchema = z.tuple([z.string().max(40), z.string().max(64)]);

/** A page of the documents issued in a period (platform-zone dates, both included), and where the next starts. */
export async function listDocuments(
  deps: AppDeps,
  query: { from: string; to: string } & PageQuery,
): Promise<InvoicesPageDto> {
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  const rows = await findDocumentsIssuedBetween(deps.db, {
    ...periodBounds(query, deps.config.timeZone),
    after: position ? { issuedAt: position[0], number: position[1] } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    documents: page.map((d) => ({ ...toDto(d), originalNumber: d.original_number })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.issued_at, last.number]) : null,
  };
}

/** Rows read per query by the CSV export: what one request holds in memory, whatever the period. */
const CSV_BATCH = 500;

/** The period's documents in the accountant's order, a batch at a time. */
async function* documentBatchesIssuedIn(deps: AppDeps, bounds: { fromIso: string; toIso: string }) {
  let after: { issuedAt: string; number: string } | undefined;
  for (;;) {
    const batch = await findDocumentsIssuedBetween(deps.db, { ...bounds, after, limit: CSV_BATCH });
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < CSV_BATCH) return;
    after = { issuedAt: last.issued_at, number: last.number };
  }
}

/** A period of platform-zone dates, both ends included, as instants [from, to). */
export function periodBounds(range: { from: string; to: string }, timeZone: string) {
  if (range.to < range.from) throw new AppError("VALIDATION", INVOICE_MESSAGES.periodOrder, { field: "to" });
  return {
    fromIso: zonedToInstant(range.from, "00:00", timeZone).toISOString(),
    toIso: zonedToInstant(addDays(range.to, 1), "00:00", timeZone).toISOString(),
  };
}

const CSV_COLUMNS = [
  "Type",
  "Number",
  "Date",
  "Against",
  "Buyer",
  "Email",
  "Place of supply",
  "Description",
  "SAC",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Total",
] as const;

const TYPE_LABELS: Record<TaxDocumentType, string> = {
  invoice: "Tax invoice",
  credit_note: "Credit note",
  receipt: "Payment receipt",
  refund_receipt: "Refund receipt",
};
export const documentTypeLabel = (type: TaxDocumentType) => TYPE_LABELS[type];

const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** Text typed by people (names, e-mails) never starts a spreadsheet formula. */
const csvText = (value: string) => csvCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The accountant's export: one line per document; credit notes and refund receipts are negative.
 * Lines are produced as the response is sent, so a year of documents never sits in memory at once.
 * A settled day's lines are built once and kept (gzip), so a closed month costs a row per day
 * (docs/decisions/0380-daily-rollups.md). The period is checked before the first line.
 */
export function exportDocumentsCsv(deps: AppDeps, range: { from: string; to: string }): AsyncGenerator<string> {
  periodBounds(range, deps.config.timeZone);
  return csvLines(deps, range);
}

async function* csvLines(deps: AppDeps, range: { from: string; to: string }): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  const settled = settledBy(Date.now());
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const bounds = periodBounds({ from: day, to: day }, deps.config.timeZone);
    if (bounds.toIso <= settled) {
      const lines = await keptCsvLines(deps, day, bounds);
      if (lines) yield lines;
      continue;
    }
    // One chunk per batch: the response is written in a few large pieces, not one per line.
    for await (const batch of documentBatchesIssuedIn(deps, bounds)) yield csvLinesOf(deps, batch);
  }
}

type IssuedDocument = Awaited<ReturnType<typeof findDocumentsIssuedBetween>>[number];

const csvLinesOf = (deps: AppDeps, batch: IssuedDocument[]) =>
  batch.map((row) => csvLine(deps, { ...toDto(row), originalNumber: row.original_number })).join("");

/** A settled day's lines: kept ones, or built from its documents (one day in memory) and kept. */
async function keptCsvLines(deps: AppDeps, day: string, bounds: { fromIso: string; toIso: string }) {
  const timeZone = deps.config.timeZone;
  const kept = await findCsvDay(deps.db, timeZone, day);
  if (kept) return gunzipSync(kept.lines_gzip).toString("utf8");
  return sumOnce(deps.db, `csv ${timeZone} ${day}`, async () => {
    let lines = "";
    let documents = 0;
    for await (const batch of documentBatchesIssuedIn(deps, bounds)) {
      lines += csvLinesOf(deps, batch);
      documents += batch.length;
    }
    const rolled_at = new Date().toISOString();
    await keepCsvDay(deps.db, { time_zone: timeZone, day, documents, lines_gzip: gzipSync(lines), rolled_at });
    return lines;
  });
}

function csvLine(deps: AppDeps, d: TaxDocumentDto): string {
  const sign = d.type === "credit_note" || d.type === "refund_receipt" ? -1 : 1;
  return `${[
    csvCell(TYPE_LABELS[d.type]),
    csvCell(d.number),
    zonedDate(new Date(d.issuedAt), deps.config.timeZone),
    csvCell(d.originalNumber ?? ""),
    csvText(d.buyerName),
    csvText(d.buyerEmail),
    d.placeOfSupply ?? "",
    csvCell(d.description),
    d.sac,
    rupees(sign * d.taxablePaise),
    rupees(sign * d.cgstPaise),
    rupees(sign * d.sgstPaise),
    rupees(sign * d.igstPaise),
    rupees(sign * d.totalPaise),
  ].join(",")}\r\n`;
}

const dateOn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone }).format(new Date(iso));

/** The PDF of a document, as the student and the admin download it and the confirmation mail attaches it. */
export async function renderDocument(
  deps: AppDeps,
  doc: TaxDocumentsTable,
  original?: TaxDocumentsTable,
): Promise<Uint8Array> {
  const { timeZone } = deps.config;
  return renderTaxDocumentPdf(doc, {
    issuedOn: dateOn(doc.issued_at, timeZone),
    originalNumber: original?.number ?? null,
    originalIssuedOn: original ? dateOn(original.issued_at, timeZone) : null,
  });
}

export const documentFileName = (doc: Pick<TaxDocumentsTable, "number">) => `${doc.number.replaceAll("/", "-")}.pdf`;

/** The booking's invoice or receipt as a mail attachment, or nothing when there is none. */
export async function receiptAttachment(deps: AppDeps, bookingId: string) {
  const sale = (await findDocumentsOfBooking(deps.db, bookingId)).find(
    (d) => d.type === "invoice" || d.type === "receipt",
  );
  if (!sale) return { kind: null, attachments: [] };
  const pdf = await renderDocument(deps, sale);
  return {
    /** What the PDF is, so the mail names it rightly: a tax invoice, or a payment receipt without a GSTIN. */
    kind: sale.type,
    attachments: [
      {
        filename: documentFileName(sale),
        contentType: "application/pdf",
        content: Buffer.from(pdf).toString("base64"),
        encoding: "base64" as const,
      },
    ],
  };
}
