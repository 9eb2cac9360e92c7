import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { CERTIFICATE_KIND_LABELS, type PublicCertificate } from "../../../shared/schemas/certificates.js";

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.07, 0.09, 0.15);
const BRAND = rgb(0.26, 0.22, 0.79);
const MUTED = rgb(0.35, 0.38, 0.45);

/** A one-page landscape certificate in the PDF standard fonts (no font files to ship). */
export async function renderCertificatePdf(
  certificate: PublicCertificate,
  verifyUrl: string,
  issuedOn: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${CERTIFICATE_KIND_LABELS[certificate.kind]}: ${certificate.title}`);
  pdf.setAuthor("CareerPrep");
  pdf.setSubject(`Certificate ${certificate.code} issued to ${certificate.recipientName}`);
  const page = pdf.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BRAND, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: BRAND, borderWidth: 0.75 });

  const centred = (text: string, y: number, size: number, font = serif, color = INK) => {
    const fitted = fitSize(text, font, size, width - 140);
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, fitted)) / 2, y, size: fitted, font, color });
  };

  centred("CareerPrep", height - 100, 20, sans, BRAND);
  centred(
    certificate.kind === "workshop" ? "Certificate of Attendance" : "Certificate of Completion",
    height - 160,
    36,
    serifBold,
  );
  centred("This certifies that", height - 215, 16, serif, MUTED);
  centred(toWinAnsi(certificate.recipientName), height - 265, 34, serifBold);
  centred(
    certificate.kind === "workshop" ? "attended the workshop" : "completed the internship",
    height - 310,
    16,
    serif,
    MUTED,
  );
  centred(toWinAnsi(certificate.title), height - 350, 22, serifBold);
  centred(`Issued on ${issuedOn}`, height - 400, 14, serif, MUTED);
  centred(`Certificate code ${certificate.code}`, 92, 12, sans, MUTED);
  centred(`Check it at ${verifyUrl}`, 72, 11, sans, MUTED);
  return pdf.save();
}

function fitSize(
  text: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  max: number,
): number {
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(text, fitted) > max) fitted -= 1;
  return fitted;
}

/** The standard fonts only encode WinAnsi; other characters (e.g. Devanagari) become "?" rather than failing. */
function toWinAnsi(text: string): string {
  return text.normalize("NFC").replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d]/g, "?");
}
