import { stateLabel } from "../../../shared/gst.js";
import type { TaxDocumentsTable } from "../../db/schema.js";
import { createPdf, drawRight, drawText, type TextStyle, toBuffer } from "../../infrastructure/pdf/document.js";

const A4: [number, number] = [595.28, 841.89];
const INK = "#121727";
const MUTED = "#5a6173";
const RULE = "#ccd1db";

const TITLES: Record<TaxDocumentsTable["type"], string> = {
  invoice: "Tax Invoice",
  credit_note: "Credit Note",
  receipt: "Payment Receipt",
  refund_receipt: "Refund Receipt",
};

/** Indian grouping, two decimals: 101694 paise → "INR 1,016.94". */
export const formatInr = (paise: number) =>
  `INR ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;

/** One A4 page: a tax invoice, a credit note, or (without a GSTIN) a payment or refund receipt. */
export async function renderTaxDocumentPdf(
  doc: TaxDocumentsTable,
  context: {
    issuedOn: string;
    originalNumber: string | null;
    originalIssuedOn: string | null;
    paymentMethod: string;
    transactionRef: string | null;
    refundRef: string | null;
  },
): Promise<Buffer> {
  const title = TITLES[doc.type];
  const pdf = await createPdf(A4, { title: `${title} ${doc.number}`, author: doc.supplier_name });
  const left = 50;
  const right = A4[0] - 50;
  let y = 50;

  const regular = (size = 10, color = INK): TextStyle => ({ size, color });
  const bold = (size = 10, color = INK): TextStyle => ({ size, color, weight: "bold" });
  const text = (value: string, x: number, style = regular()) => drawText(pdf, value, x, y - style.size, style);
  const textRight = (value: string, x: number, style = regular()) => drawRight(pdf, value, x, y - style.size, style);
  const line = (gap = 16) => {
    y += gap;
  };
  const rule = () =>
    pdf
      .lineWidth(0.75)
      .strokeColor(RULE)
      .moveTo(left, y - 6)
      .lineTo(right, y - 6)
      .stroke();

  text(title, left, bold(20));
  textRight(doc.number, right, bold(12));
  line(18);
  textRight(`Date: ${context.issuedOn}`, right);
  if (context.originalNumber) {
    line();
    const kind = doc.type === "credit_note" ? "tax invoice" : "receipt";
    textRight(`Against ${kind} ${context.originalNumber} of ${context.originalIssuedOn ?? ""}`, right);
  }
  line(28);

  text("Supplier", left, bold(9, MUTED));
  text("Bill to", 320, bold(9, MUTED));
  line(14);
  const supplierLines = [doc.supplier_name, ...doc.supplier_address.split(/,\s*|\n/).filter(Boolean)];
  if (doc.supplier_gstin) supplierLines.push(`GSTIN: ${doc.supplier_gstin}`);
  // A document issued before the student gave a name has none (older ones repeated the e-mail there).
  const buyerLines = [...new Set([doc.buyer_name, doc.buyer_email].filter(Boolean))];
  if (doc.buyer_state) buyerLines.push(`State: ${stateLabel(doc.buyer_state)}`);
  if (doc.place_of_supply) buyerLines.push(`Place of supply: ${stateLabel(doc.place_of_supply)}`);
  for (let i = 0; i < Math.max(supplierLines.length, buyerLines.length); i++) {
    text(supplierLines[i] ?? "", left);
    text(buyerLines[i] ?? "", 320);
    line(14);
  }
  line(18);

  text("Description", left, bold(9, MUTED));
  text("SAC", 330, bold(9, MUTED));
  textRight("Amount", right, bold(9));
  line(8);
  rule();
  line(10);
  text(doc.description, left);
  text(doc.sac, 330);
  textRight(formatInr(doc.list_price_paise), right);
  line();
  for (const [label, paise] of amountRows(doc)) {
    text(label, 330);
    textRight(paise < 0 ? `- ${formatInr(-paise)}` : formatInr(paise), right);
    line();
  }
  rule();
  line(4);
  const refund = doc.type === "credit_note" || doc.type === "refund_receipt";
  text(refund ? "Total refunded" : "Total paid", 330, bold(11));
  textRight(formatInr(doc.total_paise), right, bold(11));
  line(30);

  for (const [label, value] of paymentRows(refund, context)) {
    text(label, left, bold(9, MUTED));
    text(value, 170);
    line(14);
  }
  line(16);

  for (const note of notesOf(doc)) {
    text(note, left, regular(9, MUTED));
    line(13);
  }
  return toBuffer(pdf);
}

/** How the money moved: the payment method and the provider's references (Razorpay's pay_… and rfnd_…). */
function paymentRows(
  refund: boolean,
  context: { paymentMethod: string; transactionRef: string | null; refundRef: string | null },
): [string, string][] {
  const rows: [string, string][] = [[refund ? "Refunded to" : "Payment method", context.paymentMethod]];
  if (context.transactionRef) rows.push(["Transaction reference", context.transactionRef]);
  if (refund && context.refundRef) rows.push(["Refund reference", context.refundRef]);
  return rows;
}

function amountRows(doc: TaxDocumentsTable): [string, number][] {
  const rows: [string, number][] = [];
  if (doc.discount_paise > 0) rows.push(["Discount (coupon)", -doc.discount_paise]);
  if (!doc.supplier_gstin) return rows;
  rows.push(["Taxable value", doc.taxable_paise]);
  if (doc.cgst_paise > 0 || doc.sgst_paise > 0) rows.push(["CGST @ 9%", doc.cgst_paise], ["SGST @ 9%", doc.sgst_paise]);
  else rows.push(["IGST @ 18%", doc.igst_paise]);
  return rows;
}

const notesOf = (doc: TaxDocumentsTable) =>
  doc.supplier_gstin
    ? [
        "Prices include GST. Tax is not payable on reverse charge.",
        "This is a computer-generated invoice and needs no signature.",
      ]
    : ["This is a payment receipt, not a tax invoice: the supplier is not registered for GST."];
