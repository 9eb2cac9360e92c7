/**
 * Indian GST facts the invoices rely on (docs/admin.md, Tax invoices): state codes (the first two
 * digits of a GSTIN, and the place of supply), the service's SAC code and rate, and the tax split.
 */

/** GST state and union-territory codes. */
export const GST_STATES = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
} as const;
export type GstStateCode = keyof typeof GST_STATES;
export const GST_STATE_CODES = Object.keys(GST_STATES) as [GstStateCode, ...GstStateCode[]];

export const stateLabel = (code: string): string =>
  code in GST_STATES ? `${GST_STATES[code as GstStateCode]} (${code})` : code;

/** A GSTIN: state code, PAN, entity number, "Z", check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** A GSTIN that passes every check, for messages and docs. */
export const GSTIN_EXAMPLE = "29ABCDE1234F1ZW";

const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The 15th character of a GSTIN from its first 14, by the GST network's mod-36 scheme: each
 * character's value (0–9, A=10 … Z=35) weighted 1 and 2 in turn, each product's base-36 digits
 * added, and the check character the one that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** A GSTIN as issued: its shape, a real state code and the right check character. */
export function isValidGstin(value: string): boolean {
  return (
    GSTIN_PATTERN.test(value) && value.slice(0, 2) in GST_STATES && gstinCheckCharacter(value) === value.charAt(14)
  );
}

/**
 * SAC 999293, "Commercial training and coaching services" (heading 9992, education services), taxed
 * at 18 %: mock interviews, workshops and internships sold by a private company are coaching, not
 * the exempt education of a school or university.
 */
export const SERVICE_SAC = "999293";
export const GST_RATE_PERCENT = 18;

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits a GST-inclusive amount. Each tax head is rounded half up to the paisa; the taxable value is
 * what remains, so the parts always add up to the amount paid. Within one state CGST and SGST are
 * equal halves of the rate; across states it is IGST at the full rate.
 */
export function splitInclusiveGst(totalPaise: number, intraState: boolean, ratePercent = GST_RATE_PERCENT): TaxSplit {
  const divisor = 100 + ratePercent;
  if (intraState) {
    const half = Math.round((totalPaise * ratePercent) / 2 / divisor);
    return { taxablePaise: totalPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = Math.round((totalPaise * ratePercent) / divisor);
  return { taxablePaise: totalPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

/** The Indian financial year (April to March) an instant falls in, in the platform zone: "2026-27". */
export function financialYear(zonedIsoDate: string): string {
  const year = Number(zonedIsoDate.slice(0, 4));
  const month = Number(zonedIsoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}
