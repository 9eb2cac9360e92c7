import { z } from "zod";

export const adminBookingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  packageKey: z.string(),
  title: z.string(),
  startAt: z.string().nullable(),
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
