import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { INVOICE_MESSAGES } from "../../../shared/messages.js";
import { paymentMethodLabel } from "../../../shared/payment-method.js";
import type { InvoicesPageDto, TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import { addDays, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import type { TaxDocumentsTable } from "../../db/schema.js";
import { findDocumentById, findDocumentsIssuedBetween, findDocumentsOfBooking } from "./repository.js";

/** The document's payment as the provider knows it (a left join: null where there is no such row). */
interface PaymentReferences {
  payment_provider: string | null;
  payment_method: string | null;
  transaction_ref: string | null;
}

export function toDto(doc: TaxDocumentsTable & PaymentReferences, original?: TaxDocumentsTable): TaxDocumentDto {
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
    paymentMethod: paymentMethodLabel(doc.payment_provider ?? "", doc.payment_method),
    transactionRef: doc.transaction_ref,
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

/** The documents issued in a period (dates in the platform zone, both ends included). */
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

/** A period of platform-zone dates, both ends included, as instants [from, to). */
export function periodBounds(range: { from: string; to: string }, timeZone: string) {
  if (range.to < range.from) throw new AppError("VALIDATION", INVOICE_MESSAGES.periodOrder, { field: "to" });
  return {
    fromIso: zonedToInstant(range.from, "00:00", timeZone).toISOString(),
    toIso: zonedToInstant(addDays(range.to, 1), "00:00", timeZone).toISOString(),
  };
}
