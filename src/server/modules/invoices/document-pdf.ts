import { paymentMethodLabel } from "../../../shared/payment-method.js";
import type { AppDeps } from "../../app-deps.js";
import type { TaxDocumentsTable } from "../../db/schema.js";
import { renderTaxDocumentPdf } from "./pdf.js";
import { findDocumentsOfBooking, findPaymentReferences } from "./repository.js";

const dateOn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone }).format(new Date(iso));

/** The PDF of a document, as the student and the admin download it and the confirmation mail attaches it. */
export async function renderDocument(
  deps: AppDeps,
  doc: TaxDocumentsTable,
  original?: TaxDocumentsTable,
): Promise<Uint8Array> {
  const { timeZone } = deps.config;
  const refs = await findPaymentReferences(deps.db, doc.payment_id);
  return renderTaxDocumentPdf(doc, {
    paymentMethod: paymentMethodLabel(refs?.payment_provider ?? "", refs?.payment_method ?? null),
    transactionRef: refs?.transaction_ref ?? null,
    refundRef: refs?.refund_ref ?? null,
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
