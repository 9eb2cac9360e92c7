import type { TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { TaxDocumentType } from "../../db/schema.js";
import { periodBounds, toDto } from "./reading.js";
import { findDocumentsIssuedBetween } from "./repository.js";

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

const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** Text typed by people (names, e-mails) never starts a spreadsheet formula. */
const csvText = (value: string) => csvCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The accountant's export: one line per document; credit notes and refund receipts are negative.
 * Lines are produced as the response is sent, so a year of documents never sits in memory at once.
 * The period is checked before the first line.
 */
export function exportDocumentsCsv(deps: AppDeps, range: { from: string; to: string }): AsyncGenerator<string> {
  return csvLines(deps, periodBounds(range, deps.config.timeZone));
}

async function* csvLines(deps: AppDeps, bounds: { fromIso: string; toIso: string }): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  // One chunk per batch: the response is written in a few large pieces, not one per line.
  for await (const batch of documentBatchesIssuedIn(deps, bounds)) {
    yield batch.map((row) => csvLine(deps, { ...toDto(row), originalNumber: row.original_number })).join("");
  }
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
