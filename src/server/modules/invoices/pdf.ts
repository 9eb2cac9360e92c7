import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { stateLabel } from "../../../shared/gst.js";
import type { TaxDocumentsTable } from "../../db/schema.js";

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.35, 0.38, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);

interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Makes text drawable in these fonts. */
  encode(text: string): string;
}

/**
 * The fonts every invoice page uses, in one place: the PDF standard fonts (WinAnsi only, so other
 * scripts become "?"), until a shared helper with embedded Unicode fonts replaces this function.
 */
async function documentFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    encode: (text) =>
      text.normalize("NFC").replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d]/g, "?"),
  };
}

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
  context: { issuedOn: string; originalNumber: string | null; originalIssuedOn: string | null },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = TITLES[doc.type];
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setAuthor(doc.supplier_name);
  const page = pdf.addPage(A4);
  const fonts = await documentFonts(pdf);
  const [width, height] = A4;
  const left = 50;
  const right = width - 50;
  let y = height - 60;

  const text = (value: string, x: number, size = 10, font = fonts.regular, color = INK) =>
    page.drawText(fonts.encode(value), { x, y, size, font, color });
  const textRight = (value: string, x: number, size = 10, font = fonts.regular) => {
    const encoded = fonts.encode(value);
    page.drawText(encoded, { x: x - font.widthOfTextAtSize(encoded, size), y, size, font, color: INK });
  };
  const line = (gap = 16) => {
    y -= gap;
  };
  const rule = () =>
    page.drawLine({ start: { x: left, y: y + 6 }, end: { x: right, y: y + 6 }, color: RULE, thickness: 0.75 });

  text(title, left, 20, fonts.bold);
  textRight(doc.number, right, 12, fonts.bold);
  line(18);
  textRight(`Date: ${context.issuedOn}`, right);
  if (context.originalNumber) {
    line();
    const kind = doc.type === "credit_note" ? "tax invoice" : "receipt";
    textRight(`Against ${kind} ${context.originalNumber} of ${context.originalIssuedOn ?? ""}`, right);
  }
  line(28);

  text("Supplier", left, 9, fonts.bold, MUTED);
  text("Bill to", 320, 9, fonts.bold, MUTED);
  line(14);
  const supplierLines = [doc.supplier_name, ...doc.supplier_address.split(/,\s*|\n/).filter(Boolean)];
  if (doc.supplier_gstin) supplierLines.push(`GSTIN: ${doc.supplier_gstin}`);
  const buyerLines = [doc.buyer_name, doc.buyer_email];
  if (doc.buyer_state) buyerLines.push(`State: ${stateLabel(doc.buyer_state)}`);
  if (doc.place_of_supply) buyerLines.push(`Place of supply: ${stateLabel(doc.place_of_supply)}`);
  for (let i = 0; i < Math.max(supplierLines.length, buyerLines.length); i++) {
    text(supplierLines[i] ?? "", left);
    text(buyerLines[i] ?? "", 320);
    line(14);
  }
  line(18);

  text("Description", left, 9, fonts.bold, MUTED);
  text("SAC", 330, 9, fonts.bold, MUTED);
  textRight("Amount", right, 9, fonts.bold);
  line(8);
  rule();
  line(10);
  text(doc.description, left);
  text(doc.sac, 330);
  textRight(formatInr(doc.list_price_paise), right);
  line();
  const rows: [string, number][] = [];
  if (doc.discount_paise > 0) rows.push(["Discount (coupon)", -doc.discount_paise]);
  if (doc.supplier_gstin) {
    rows.push(["Taxable value", doc.taxable_paise]);
    if (doc.cgst_paise > 0 || doc.sgst_paise > 0) {
      rows.push(["CGST @ 9%", doc.cgst_paise], ["SGST @ 9%", doc.sgst_paise]);
    } else {
      rows.push(["IGST @ 18%", doc.igst_paise]);
    }
  }
  for (const [label, paise] of rows) {
    text(label, 330);
    textRight(paise < 0 ? `- ${formatInr(-paise)}` : formatInr(paise), right);
    line();
  }
  rule();
  line(4);
  text(
    doc.type === "credit_note" || doc.type === "refund_receipt" ? "Total refunded" : "Total paid",
    330,
    11,
    fonts.bold,
  );
  textRight(formatInr(doc.total_paise), right, 11, fonts.bold);
  line(30);

  const notes = doc.supplier_gstin
    ? [
        "Prices include GST. Tax is not payable on reverse charge.",
        "This is a computer-generated invoice and needs no signature.",
      ]
    : ["This is a payment receipt, not a tax invoice: the supplier is not registered for GST."];
  for (const note of notes) {
    text(note, left, 9, fonts.regular, MUTED);
    line(13);
  }
  return pdf.save();
}
