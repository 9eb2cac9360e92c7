import { execFileSync } from "node:child_process";

/** The text of a PDF as pdftotext reads it (layout kept, so a row's label and amount share a line). */
export const pdfText = (pdf: Uint8Array) =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");

/** The document information pdfinfo reads (Title, Subject, Pages, …). */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const out = execFileSync("pdfinfo", ["-"], { input: pdf }).toString("utf8");
  return Object.fromEntries(
    out.split("\n").flatMap((line) => {
      const at = line.indexOf(":");
      return at > 0 ? [[line.slice(0, at).trim(), line.slice(at + 1).trim()]] : [];
    }),
  );
}
