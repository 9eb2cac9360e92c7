import { z } from "zod";

export const adminBookingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  packageKey: z.string(),
  /** The package's, topic's or track's name in the catalog now (docs/decisions/0400). */
  packageLabel: z.string(),
  title: z.string(),
  /** When the session (or the internship batch, at midnight in the platform zone) starts. */
  startAt: z.string().nullable(),
  /** An internship batch's start date (it has no time of day); null for timed sessions. */
  startDate: z.string().nullable(),
  /** When the session ends; a batch ends after its weeks. */
  endAt: z.string().nullable(),
  certificate: z.object({ code: z.string(), status: z.enum(["valid", "revoked"]) }).nullable(),
  studentEmail: z.string(),
  studentName: z.string(),
  amountPaise: z.number().int(),
  flag: z.string().nullable(),
  attendance: z.string().nullable(),
  hasScorecard: z.boolean(),
  payment: z
    .object({
      provider: z.string(),
      orderId: z.string(),
      paymentId: z.string().nullable(),
      status: z.string(),
      refundId: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type AdminBookingDto = z.infer<typeof adminBookingSchema>;
