const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** `120000` paise → `₹1,200` (en-IN grouping). */
export function formatPaise(paise: number): string {
  return rupeeFormat.format(paise / 100);
}
