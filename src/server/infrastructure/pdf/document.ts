import { fontPath, type Run, scriptRuns, shapingFeatures, type Weight } from "./fonts.js";

export type Pdf = PDFKit.PDFDocument;

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject?: string;
}

/**
 * A new document whose every text goes through `drawText`: Noto fonts embedded as subsets.
 * pdfkit (with fontkit, about 10 MB of heap) is loaded by the first document, not at start: most
 * processes never draw one (docs/operations.md, Memory).
 */
export async function createPdf(size: [number, number], info: DocumentInfo): Promise<Pdf> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size,
    margin: 0,
    compress: true,
    autoFirstPage: true,
    info: {
      Title: info.title,
      Author: info.author,
      Creator: info.author,
      Producer: info.author,
      ...(info.subject ? { Subject: info.subject } : {}),
    },
  });
  return pdf;
}

function selectFont(pdf: Pdf, run: Run, style: TextStyle): void {
  pdf.font(fontPath(run.script, style.weight ?? "regular")).fontSize(style.size);
}

/** Width of text in points, run by run, in the fonts `drawText` would use. */
export function widthOf(pdf: Pdf, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of scriptRuns(text)) {
    selectFont(pdf, run, style);
    width += pdf.widthOfString(run.text, fontOptions(run, style));
  }
  return width;
}

function fontOptions(run: Run, style: TextStyle): PDFKit.Mixins.TextOptions {
  const features = shapingFeatures(run, style.weight ?? "regular");
  // fontkit takes an object of features to switch off; pdfkit passes it through untouched.
  return features ? { features: features as unknown as PDFKit.Mixins.OpenTypeFeatures[] } : {};
}

/**
 * Draws one line with its top at (x, y). A line with text in another script than Latin is wrapped
 * in one marked-content span carrying the line as typed (ActualText), so copying or extracting it
 * gives the name in logical order, not the shaped glyphs in visual order.
 */
export function drawText(pdf: Pdf, text: string, x: number, y: number, style: TextStyle): void {
  const runs = scriptRuns(text);
  const marked = runs.some((run) => run.script !== "latin");
  if (marked) pdf.markContent("Span", { actual: text.normalize("NFC") });
  let at = x;
  for (const run of runs) {
    selectFont(pdf, run, style);
    const options = fontOptions(run, style);
    pdf.fillColor(style.color ?? "#111827").text(run.text, at, y, { ...options, lineBreak: false });
    at += pdf.widthOfString(run.text, options);
  }
  if (marked) pdf.endMarkedContent();
}

export function drawRight(pdf: Pdf, text: string, right: number, y: number, style: TextStyle): void {
  drawText(pdf, text, right - widthOf(pdf, text, style), y, style);
}

/** Centred on `centre`, shrunk a point at a time (not below 8) until it fits `maxWidth`. */
export function drawCentred(
  pdf: Pdf,
  text: string,
  centre: number,
  y: number,
  style: TextStyle,
  maxWidth: number,
): void {
  let size = style.size;
  while (size > 8 && widthOf(pdf, text, { ...style, size }) > maxWidth) size -= 1;
  const fitted = { ...style, size };
  drawText(pdf, text, centre - widthOf(pdf, text, fitted) / 2, y, fitted);
}

export function toBuffer(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    pdf.end();
  });
}
