import { DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import { certificateHeading, type PublicCertificate } from "../../../shared/schemas/certificates.js";
import { createPdf, drawCentred, type TextStyle, toBuffer } from "../../infrastructure/pdf/document.js";

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = "#121727";
const BRAND = "#4238c9";
const MUTED = "#5a6173";

/** A one-page landscape certificate; the holder's name prints in the script it was typed in. */
export async function renderCertificatePdf(
  certificate: PublicCertificate,
  verifyUrl: string,
  issuedOn: string,
): Promise<Buffer> {
  const pdf = await createPdf(A4_LANDSCAPE, {
    title: `${certificateHeading(certificate.course, certificate.kind)}: ${certificate.title}`,
    author: "CareerPrep",
    subject: certificate.holderRemoved
      ? `Certificate ${certificate.code}`
      : `Certificate ${certificate.code} issued to ${certificate.recipientName}`,
  });
  const [width, height] = A4_LANDSCAPE;
  pdf
    .lineWidth(3)
    .strokeColor(BRAND)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  pdf
    .lineWidth(0.75)
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  const centred = (text: string, top: number, style: TextStyle) =>
    drawCentred(pdf, text, width / 2, top, { color: INK, ...style }, width - 140);
  const attendance = certificate.kind === "attendance";
  centred("CareerPrep", 78, { size: 20, color: BRAND, weight: "bold" });
  centred(attendance ? "Certificate of Attendance" : "Certificate of Completion", 124, { size: 34, weight: "bold" });
  centred("This certifies that", 196, { size: 16, color: MUTED });
  if (certificate.holderRemoved) centred(DATA_RIGHTS_MESSAGES.erasedHolder, 240, { size: 16, color: MUTED });
  else centred(certificate.recipientName, 232, { size: 32, weight: "bold" });
  const verb = attendance ? "attended" : "completed";
  centred(`${verb} the ${certificate.course}`, 296, { size: 16, color: MUTED });
  centred(certificate.title, 330, { size: 22, weight: "bold" });
  if (certificate.details) centred(certificate.details, 362, { size: 13, color: MUTED });
  centred(`Issued on ${issuedOn}`, 396, { size: 14, color: MUTED });
  centred(`Certificate code ${certificate.code}`, height - 108, { size: 12, color: MUTED });
  centred(`Check it at ${verifyUrl}`, height - 86, { size: 11, color: MUTED });
  return toBuffer(pdf);
}
