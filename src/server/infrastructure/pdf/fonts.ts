import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";

/**
 * The scripts our students write their names in, each with the Noto family that draws it
 * (docs/decisions/0180-pdfs-in-indian-scripts.md). Latin covers English names and every fixed text.
 */
export type Script = "latin" | "devanagari" | "bengali" | "tamil" | "telugu";
export type Weight = "regular" | "bold";

const FAMILIES: Record<Script, { pkg: string; file: string }> = {
  latin: { pkg: "noto-sans", file: "NotoSans" },
  devanagari: { pkg: "noto-sans-devanagari", file: "NotoSansDevanagari" },
  bengali: { pkg: "noto-sans-bengali", file: "NotoSansBengali" },
  tamil: { pkg: "noto-sans-tamil", file: "NotoSansTamil" },
  telugu: { pkg: "noto-sans-telugu", file: "NotoSansTelugu" },
};

/** Unicode blocks of each script; anything else (digits, punctuation, spaces) joins the run it sits in. */
const BLOCKS: [Script, number, number][] = [
  ["devanagari", 0x0900, 0x097f],
  ["bengali", 0x0980, 0x09ff],
  ["tamil", 0x0b80, 0x0bff],
  ["telugu", 0x0c00, 0x0c7f],
];

const require = createRequire(import.meta.url);

export function fontPath(script: Script, weight: Weight): string {
  const { pkg, file } = FAMILIES[script];
  const style = weight === "bold" ? "700Bold" : "400Regular";
  return require.resolve(`@expo-google-fonts/${pkg}/${style}/${file}_${style}.ttf`);
}

function scriptOf(codePoint: number): Script | undefined {
  for (const [script, from, to] of BLOCKS) if (codePoint >= from && codePoint <= to) return script;
  if ((codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a) || codePoint >= 0xc0) {
    return "latin";
  }
  return undefined;
}

export interface Run {
  text: string;
  script: Script;
}

/** Splits text into runs of one script each; neutral characters stay with the run before them. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text.normalize("NFC")) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last && (script === undefined || script === last.script)) last.text += char;
    else if (last && last.text.trim() === "") {
      last.text += char;
      last.script = script ?? last.script;
    } else runs.push({ text: char, script: script ?? "latin" });
  }
  return runs;
}

const fonts = new Map<string, Fontkit.Font>();

/**
 * OpenType features for a run. fontkit cannot position some above-base marks of Noto Sans Telugu
 * (it fails on a missing anchor, e.g. in "శ్రీ"); without `abvm` the mark is still drawn, only
 * not nudged, so such a run is laid out without it rather than failing the whole document.
 */
export function shapingFeatures(run: Run, weight: Weight): Record<string, boolean> | undefined {
  const path = fontPath(run.script, weight);
  let font = fonts.get(path);
  if (!font) {
    // Loaded here rather than at start, as pdfkit is (document.ts); the same copy pdfkit requires.
    const fontkit = require("fontkit") as typeof Fontkit;
    font = fontkit.openSync(path) as Fontkit.Font;
    fonts.set(path, font);
  }
  try {
    font.layout(run.text);
    return undefined;
  } catch {
    return { abvm: false };
  }
}
