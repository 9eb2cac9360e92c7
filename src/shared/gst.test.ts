import { describe, expect, it } from "vitest";
import { financialYear, GSTIN_EXAMPLE, gstinCheckCharacter, isValidGstin, splitInclusiveGst } from "./gst.js";

describe("GST split of an inclusive price", () => {
  it("splits ₹1,200 within a state into equal CGST and SGST that add up to the price", () => {
    expect(splitInclusiveGst(120_000, true)).toEqual({
      taxablePaise: 101_694,
      cgstPaise: 9_153,
      sgstPaise: 9_153,
      igstPaise: 0,
    });
  });

  it("charges IGST across states", () => {
    expect(splitInclusiveGst(120_000, false)).toEqual({
      taxablePaise: 101_695,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_305,
    });
  });

  it("always adds up, whatever the amount", () => {
    for (let total = 100; total < 500_000; total += 997) {
      for (const intra of [true, false]) {
        const s = splitInclusiveGst(total, intra);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
        expect(Math.abs(s.taxablePaise * 0.18 - (s.cgstPaise + s.sgstPaise + s.igstPaise))).toBeLessThanOrEqual(1.5);
      }
    }
  });
});

describe("financial year", () => {
  it("runs from April to March", () => {
    expect(financialYear("2026-04-01")).toBe("2026-27");
    expect(financialYear("2027-03-31")).toBe("2026-27");
    expect(financialYear("2026-03-31")).toBe("2025-26");
    expect(financialYear("2099-12-01")).toBe("2099-00");
  });
});

describe("GSTIN check character (mod 36)", () => {
  it("accepts GSTINs whose 15th character is their checksum", () => {
    for (const gstin of [GSTIN_EXAMPLE, "27AAPFU0939F1ZV", "29AABCC1234D1Z7"])
      expect(isValidGstin(gstin), gstin).toBe(true);
  });

  it("refuses a wrong check character, a typo anywhere, an unknown state and a bad shape", () => {
    expect(isValidGstin("29ABCDE1234F1Z5")).toBe(false);
    expect(isValidGstin("29ABCDE1243F1ZW")).toBe(false);
    expect(isValidGstin("99ABCDE1234F1ZW")).toBe(false);
    expect(isValidGstin("29ABCDE1234F1Z")).toBe(false);
  });

  it("catches every single-character typo", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let position = 0; position < 14; position++) {
      for (const typo of alphabet) {
        if (typo === GSTIN_EXAMPLE[position]) continue;
        const changed = GSTIN_EXAMPLE.slice(0, position) + typo + GSTIN_EXAMPLE.slice(position + 1);
        expect(gstinCheckCharacter(changed)).not.toBe("W");
      }
    }
  });
});
