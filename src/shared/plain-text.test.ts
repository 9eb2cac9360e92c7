import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "./messages.js";
import { firstHiddenCharacter, isVisibleLine, isVisibleParagraph } from "./plain-text.js";
import { profileSchema } from "./schemas/booking.js";

const NAMES_IN_INDIAN_SCRIPTS = {
  devanagari: ["अर्जुन शर्मा", "प्रियंका", "क्षितिज"],
  /** क + virama + ZWJ + ष: the half form of KA, as Unicode's Devanagari section spells it. */
  devanagariHalfForm: ["क्\u200Dष"],
  /** An explicit virama kept visible with ZWNJ. */
  devanagariExplicitVirama: ["क्\u200Cष"],
  tamil: ["தமிழ்செல்வன்", "கார்த்திகேயன்"],
  bengali: ["অর্পিতা বন্দ্যোপাধ্যায়", "ঋত্বিক"],
  /** র + ZWJ + virama + য: the ya-phala after RA, typed this way by Bengali keyboards. */
  bengaliYaPhala: ["র\u200D্যাব"],
  telugu: ["శ్రీనివాస్", "వెంకటలక్ష్మి"],
  /** A chillu written with virama + ZWJ at the end of a word (the older Malayalam encoding). */
  malayalamChillu: ["അവന്\u200D"],
  kannada: ["ಅನುಷಾ"],
  gurmukhi: ["ਹਰਪ੍ਰੀਤ"],
  combiningMarks: ["Jose\u0301", "Zoë", "Nguyễn"],
  otherScripts: ["عائشہ", "Дмитрий", "李华"],
};

const HIDDEN = {
  "right-to-left override": "Arjun\u202Efdp.exe",
  "left-to-right embedding": "\u202AArjun",
  "pop directional formatting": "Arjun\u202C",
  "left-to-right isolate": "\u2066Arjun\u2069",
  "first strong isolate": "Ar\u2068jun",
  "right-to-left mark": "Arjun\u200F",
  "zero-width space": "Ar\u200Bjun",
  "zero-width joiner between Latin letters": "Ar\u200Djun",
  "zero-width non-joiner at the start": "\u200Cप्रिया",
  "word joiner": "Ar\u2060jun",
  "byte-order mark": "\uFEFFArjun",
  "soft hyphen": "Ar\u00ADjun",
  "carriage return and line feed": "Arjun\r\nBcc: all@example.com",
  "line feed": "Arjun\nMehta",
  tab: "Arjun\tMehta",
  "line separator": "Arjun\u2028Mehta",
  "NEL (C1 control)": "Arjun\u0085Mehta",
  escape: "Arjun\u001B[31m",
  delete: "Arjun\u007F",
  "lone surrogate": "Arjun\uD800",
};

describe("visible text only", () => {
  for (const [script, names] of Object.entries(NAMES_IN_INDIAN_SCRIPTS)) {
    it(`accepts names in ${script}`, () => {
      for (const name of names) expect(firstHiddenCharacter(name, { multiline: false }), name).toBeUndefined();
    });
  }

  for (const [what, text] of Object.entries(HIDDEN)) {
    it(`refuses a ${what} in a line`, () => {
      expect(isVisibleLine(text)).toBe(false);
    });
  }

  it("lets text of several lines keep its line breaks and tabs, but nothing else hidden", () => {
    expect(isVisibleParagraph("Strong on DSA.\r\nWork on:\n\t- system design")).toBe(true);
    expect(isVisibleParagraph("Strong on DSA.\n\u202Eevil")).toBe(false);
    expect(isVisibleParagraph("Strong\u200Bon DSA.")).toBe(false);
    expect(isVisibleParagraph("Well done 👨\u200D💻")).toBe(true);
  });

  it("refuses every control and format character wherever it stands in a Latin name", () => {
    const hidden = fc.constantFrom(
      ...[0x00, 0x09, 0x0a, 0x0d, 0x1f, 0x7f, 0x85, 0x9f, 0xad, 0x200b, 0x200c, 0x200d, 0x200e, 0x2028, 0x2029],
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0xfff9, 0xe0001],
    );
    const latin = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABC'-."), maxLength: 20 });
    fc.assert(
      fc.property(latin, hidden, latin, (before, code, after) => {
        expect(isVisibleLine(before + String.fromCodePoint(code) + after)).toBe(false);
      }),
    );
  });

  it("is the profile form's rule, with the message the form shows", () => {
    const profile = { lastName: "Rao", qualification: "B.Tech", status: "inprogress", phone: "+91 98450 12345" };
    expect(profileSchema.safeParse({ ...profile, firstName: "श्रेया" }).success).toBe(true);
    const refused = profileSchema.safeParse({ ...profile, firstName: "Asha\u202Egnp.exe" });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["firstName"],
      message: TEXT_MESSAGES.hiddenInLine,
    });
  });
});
