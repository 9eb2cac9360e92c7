/**
 * Text people type that later reaches a PDF, an e-mail's subject or greeting, a calendar file or the
 * console holds only what a reader can see (docs/decisions/0310-visible-text-only.md): no control
 * characters (CR and LF included, except in text of several lines), no format characters such as
 * the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width spaces,
 * the byte-order mark or the soft hyphen, no lone surrogates, no line or paragraph separators.
 * Letters and combining marks of every script stay, and so do the two joiners where a script uses
 * them: after an Indian-script letter or sign (half forms, chillus, explicit viramas) and inside an
 * emoji sequence.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;
const LINE_BREAKS = new Set(["\n", "\r", "\t"]);
const ZERO_WIDTH_NON_JOINER = "\u200c";
const ZERO_WIDTH_JOINER = "\u200d";
/** Devanagari to Sinhala: the scripts of India (and Sri Lanka) whose shaping ZWJ and ZWNJ steer. */
const INDIAN_SCRIPT = /^[\u0900-\u0dff]$/u;
const EMOJI_PART = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)$/u;

/** The code point ending just before `index` (a surrogate pair counts as one). */
function codePointBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return index > 0 ? text.slice(start, index) : "";
}

/** A joiner shaping the text it stands in: half forms, chillus, ya-phala (docs/decisions/0310-visible-text-only.md). */
function isShapingJoiner(text: string, index: number, joiner: string): boolean {
  const before = codePointBefore(text, index);
  if (INDIAN_SCRIPT.test(before)) return true;
  const after = String.fromCodePoint(text.codePointAt(index + 1) ?? 0);
  return joiner === ZERO_WIDTH_JOINER && EMOJI_PART.test(before) && EMOJI_PART.test(after);
}

/** The first character a reader could not see, or undefined when there is none. */
export function firstHiddenCharacter(text: string, options: { multiline: boolean }): string | undefined {
  for (const match of text.matchAll(HIDDEN)) {
    const character = match[0];
    if (options.multiline && LINE_BREAKS.has(character)) continue;
    if (character === ZERO_WIDTH_JOINER || character === ZERO_WIDTH_NON_JOINER) {
      if (isShapingJoiner(text, match.index, character)) continue;
    }
    return character;
  }
  return undefined;
}

/** One line: a name, a title, a subject. */
export const isVisibleLine = (text: string): boolean => firstHiddenCharacter(text, { multiline: false }) === undefined;

/** Several lines: notes, details, a message (line breaks and tabs allowed). */
export const isVisibleParagraph = (text: string): boolean =>
  firstHiddenCharacter(text, { multiline: true }) === undefined;
