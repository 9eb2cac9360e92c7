import { z } from "zod";
import { INVOICE_MESSAGES } from "../messages.js";
import { nextCursorSchema, pageQuerySchema } from "./pagination.js";

export const taxDocumentTypeSchema = z.enum(["invoice", "receipt", "credit_note", "refund_receipt"]);

export const taxDocumentSchema = z.object({
  id: z.string(),
  type: taxDocumentTypeSchema,
  number: z.string(),
  financialYear: z.string(),
  bookingId: z.string(),
  /** A credit note's or refund receipt's original document. */
  originalNumber: z.string().nullable(),
  issuedAt: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** GST state code; null on plain receipts. */
  placeOfSupply: z.string().nullable(),
  description: z.string(),
  sac: z.string(),
  listPricePaise: z.number().int(),
  discountPaise: z.number().int(),
  totalPaise: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  /** "UPI via Razorpay", "Razorpay" until the method is known, "Test-mode payment". */
  paymentMethod: z.string(),
  /** The provider's payment id (Razorpay's pay_…). */
  transactionRef: z.string().nullable(),
});
export type TaxDocumentDto = z.infer<typeof taxDocumentSchema>;

const isoDate = z.iso.date({ message: INVOICE_MESSAGES.periodInvalid });

/** A period of calendar dates in the platform zone, both ends included, at most a year long. */
export const periodQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((p) => p.to >= p.from, { message: INVOICE_MESSAGES.periodOrder, path: ["to"] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 366 * 86_400_000, {
    message: INVOICE_MESSAGES.periodTooLong,
    path: ["to"],
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** The documents of a period a page at a time, in the accountant's order (issued, then number). */
export const invoicesPageQuerySchema = z
  .object({ from: isoDate, to: isoDate, ...pageQuerySchema.shape })
  .refine((p) => p.to >= p.from, { message: INVOICE_MESSAGES.periodOrder, path: ["to"] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 366 * 86_400_000, {
    message: INVOICE_MESSAGES.periodTooLong,
    path: ["to"],
  });

export const invoicesPageSchema = z.object({ documents: z.array(taxDocumentSchema), nextCursor: nextCursorSchema });
export type InvoicesPageDto = z.infer<typeof invoicesPageSchema>;
