import { setImmediate as nextTurn } from "node:timers/promises";
import { constants } from "node:zlib";
import type { TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { TaxDocumentType } from "../../db/schema.js";
import { moneySettledBy, sumOnce } from "../../db/settled-days.js";
import {
  type DeflateSegment,
  deflateSegment,
  gzipOfSegments,
  inflateSegment,
} from "../../infrastructure/gzip/deflate-segments.js";
import { periodBounds, toDto } from "./reading.js";
import { findCsvDay, findCsvDays, findDocumentsIssuedBetween, keepCsvDay } from "./repository.js";

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

/** A piece of the CSV: text built now, or a settled day's lines kept compressed. */
type CsvPiece = string | DeflateSegment;

/**
 * The accountant's export: one line per document; credit notes and refund receipts are negative.
 * Lines are produced as the response is sent, so a year of documents never sits in memory at once.
 * A settled day's lines are built once and kept compressed, so a closed month costs a row per day
 * (docs/decisions/0380-daily-rollups.md); a client that takes gzip gets those rows as they are
 * kept, inside one gzip stream, never unpacked (docs/decisions/0431-csv-days-sent-compressed.md).
 * The period is checked before the first line.
 */
export function exportDocumentsCsv(
  deps: AppDeps,
  range: { from: string; to: string },
  encoding: "gzip" | "identity",
): AsyncGenerator<Uint8Array | string> {
  periodBounds(range, deps.config.timeZone);
  const pieces = csvPieces(deps, range);
  return encoding === "gzip" ? gzipOfSegments(segmentsOf(pieces)) : textOf(pieces);
}

async function* segmentsOf(pieces: AsyncIterable<CsvPiece>): AsyncGenerator<DeflateSegment> {
  // Text built for this request is sent once: compressed fast.
  for await (const piece of pieces)
    yield typeof piece === "string" ? deflateSegment(piece, constants.Z_BEST_SPEED) : piece;
}

async function* textOf(pieces: AsyncIterable<CsvPiece>): AsyncGenerator<Uint8Array | string> {
  for await (const piece of pieces) yield typeof piece === "string" ? piece : inflateSegment(piece);
}

/**
 * Kept days are read a month at a time: a year took 365 reads, 126–160 ms of server CPU per request on
 * PostgreSQL at L (docs/benchmarks.md, Scale, tenth entry); a month's segments are some 1 MB at L.
 */
const KEPT_DAYS_PER_READ = 31;

async function* csvPieces(deps: AppDeps, range: { from: string; to: string }): AsyncGenerator<CsvPiece> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  const settled = moneySettledBy(Date.now());
  let kept = new Map<string, DeflateSegment>();
  let keptTo = "";
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const bounds = periodBounds({ from: day, to: day }, deps.config.timeZone);
    if (bounds.toIso <= settled) {
      if (day > keptTo) {
        keptTo = addDays(day, KEPT_DAYS_PER_READ - 1);
        if (keptTo > range.to) keptTo = range.to;
        kept = await findCsvDays(deps.db, deps.config.timeZone, { from: day, to: keptTo });
      }
      // A day the read did not find may have been kept since by another request: keptCsvLines looks again.
      const lines = kept.get(day) ?? (await keptCsvLines(deps, day, bounds));
      if (lines.bytes > 0) yield lines;
      continue;
    }
    // One chunk per batch: the response is written in a few large pieces, not one per line.
    for await (const batch of documentBatchesIssuedIn(deps, bounds)) yield csvLinesOf(deps, batch);
  }
}

/**
 * Builds and keeps the lines of every day of the range not kept yet, the kept ones read a month at a
 * time as an export reads them, the event loop free between days: the hourly upkeep's share
 * (insights/upkeep.ts), so the accountant's first export of a year after an upgrade reads kept days.
 * The range must end on a settled day.
 */
export async function keepCsvDays(deps: AppDeps, range: { from: string; to: string }): Promise<void> {
  // A turn of the event loop after each day: building one holds SQLite's reads for about 30 ms at L.
  for await (const piece of csvPieces(deps, range)) {
    void piece;
    await nextTurn();
  }
}

type IssuedDocument = Awaited<ReturnType<typeof findDocumentsIssuedBetween>>[number];

const csvLinesOf = (deps: AppDeps, batch: IssuedDocument[]) =>
  batch.map((row) => csvLine(deps, { ...toDto(row), originalNumber: row.original_number })).join("");

/** A settled day's lines: kept ones, or built from its documents (one day in memory), compressed and kept. */
async function keptCsvLines(
  deps: AppDeps,
  day: string,
  bounds: { fromIso: string; toIso: string },
): Promise<DeflateSegment> {
  const timeZone = deps.config.timeZone;
  const kept = await findCsvDay(deps.db, timeZone, day);
  if (kept) return kept;
  return sumOnce(deps.db, `csv ${timeZone} ${day}`, async () => {
    let lines = "";
    let documents = 0;
    for await (const batch of documentBatchesIssuedIn(deps, bounds)) {
      lines += csvLinesOf(deps, batch);
      documents += batch.length;
    }
    const segment = deflateSegment(lines);
    await keepCsvDay(deps.db, { timeZone, day, documents, segment, rolledAt: new Date().toISOString() });
    return segment;
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
