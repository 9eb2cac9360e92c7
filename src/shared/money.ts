export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/**
 * `120000` paise → `₹1,200`: whole rupees, halves rounded away from zero, grouped as en-IN writes them
 * (`₹1,23,45,678`). Written by hand, as Intl would print it (money.test.ts), so that a price on the server
 * does not wake ICU's locale data (docs/decisions/0245-dates-without-icu.md).
 */
export function formatPaise(paise: number): string {
  const digits = String(Math.round(Math.abs(paise) / 100));
  const grouped =
    digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
  return `${paise < 0 ? "-" : ""}₹${grouped}`;
}
