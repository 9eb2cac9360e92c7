import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { financialYear, SERVICE_SAC, splitInclusiveGst } from "../../../shared/gst.js";
import { personName } from "../../../shared/person-name.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingKind, Database, TaxDocumentType } from "../../db/schema.js";
import { findCatalogLabel } from "../catalog/index.js";
import { findDocumentOfPayment, findInvoiceFacts, insertTaxDocument, takeNextNumber } from "./repository.js";

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

/** Names the service with the catalog's label of the moment: an issued document keeps the words it was issued with. */
function describeService(kind: BookingKind, label: string): string {
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
    description: describeService(facts.kind, await findCatalogLabel(trx, facts.packageKey)),
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
