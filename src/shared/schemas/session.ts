import { z } from "zod";

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), image: z.string().nullable() }).nullable(),
  isAdmin: z.boolean(),
  /** The admin has recorded this e-mail address as an interviewer's (docs/product.md, Interviewers). */
  isInterviewer: z.boolean(),
  /** Derived: the user has a confirmed booking or enrolment (docs/product.md, Payment). */
  bookingDone: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const clientConfigSchema = z.object({
  googleEnabled: z.boolean(),
  timeZone: z.string(),
  timeZoneLabel: z.string(),
  paymentProvider: z.enum(["dev", "razorpay"]),
  razorpayKeyId: z.string().nullable(),
  devTools: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
