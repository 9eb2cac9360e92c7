import { CERTIFICATE_MESSAGES, DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import { certificateHeading, type PublicCertificate } from "../../../shared/schemas/certificates.js";
import { escapeHtml } from "../../infrastructure/mail/layout.js";
import { fontPath, type Script } from "../../infrastructure/pdf/fonts.js";

/** The size link previews ask for (Open Graph's large image: 1.91:1). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const SCRIPTS: Script[] = ["latin", "devanagari", "bengali", "tamil", "telugu"];
const FAMILIES = "Noto Sans, Noto Sans Devanagari, Noto Sans Bengali, Noto Sans Tamil, Noto Sans Telugu";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The preview as SVG: what the page itself shows (name and course), nothing more; an erased holder is named nowhere. */
export function previewSvg(certificate: PublicCertificate): string {
  const revoked = certificate.status === "revoked";
  const name = certificate.holderRemoved ? DATA_RIGHTS_MESSAGES.erasedHolder : certificate.recipientName;
  const lines: [string, number, number, string][] = [
    ["CareerPrep", 120, 34, "#4238c9"],
    [
      revoked ? CERTIFICATE_MESSAGES.pageRevoked : certificateHeading(certificate.course, certificate.kind),
      190,
      30,
      "#5a6173",
    ],
    [clip(name, certificate.holderRemoved ? 80 : 40), 300, certificate.holderRemoved ? 28 : 64, "#121727"],
    [clip(certificate.title, 56), 390, 40, "#121727"],
    [clip(certificate.details ?? "", 70), 450, 26, "#5a6173"],
    [`Certificate ${certificate.code}`, 550, 24, "#5a6173"],
  ];
  const texts = lines
    .filter(([text]) => text)
    .map(
      ([text, y, size, colour]) =>
        `<text x="600" y="${y}" font-size="${size}" fill="${colour}" text-anchor="middle" font-weight="${size >= 40 ? 700 : 400}">${escapeHtml(text)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_SIZE.width}" height="${PREVIEW_SIZE.height}" font-family="${FAMILIES}"><rect width="1200" height="630" fill="#ffffff"/><rect x="24" y="24" width="1152" height="582" fill="none" stroke="#4238c9" stroke-width="6"/>${texts}</svg>`;
}

/**
 * The preview as PNG, which every link preview reads (SVG is not one of them). resvg is loaded with the first
 * image, as pdfkit with the first PDF (docs/decisions/0005-memory.md), and draws with the fonts the PDFs embed.
 */
export async function renderPreviewPng(certificate: PublicCertificate): Promise<Buffer> {
  const { renderAsync } = await import("@resvg/resvg-js");
  const fontFiles = SCRIPTS.flatMap((script) => [fontPath(script, "regular"), fontPath(script, "bold")]);
  const image = await renderAsync(previewSvg(certificate), {
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: "Noto Sans" },
  });
  return image.asPng();
}
