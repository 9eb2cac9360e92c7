import { z } from "zod";
import { BOOKING_KINDS, COMPANY_TYPES, DOMAINS, PHONE_MIN_DIGITS, PROFILE_STATUSES } from "../constants.js";
import { GST_STATE_CODES } from "../gst.js";
import { API_MESSAGES, PROFILE_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine } from "../plain-text.js";
import { priceQuoteSchema } from "./coupons.js";

export const bookingKindSchema = z.enum(BOOKING_KINDS);
export type BookingKindDto = z.infer<typeof bookingKindSchema>;

export const slotListingSchema = z.object({
  id: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  interviewerName: z.string(),
  /** What the admin recorded, e.g. "SDE II, ex-Flipkart": the role and company on the interviewer's card. */
  interviewerQualification: z.string(),
  details: z.string(),
  packageTypes: z.array(z.enum(COMPANY_TYPES)),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
});
export type SlotListing = z.infer<typeof slotListingSchema>;

export const slotListSchema = z.object({ slots: z.array(slotListingSchema) });

/**
 * A calendar day (YYYY-MM-DD) that exists: 2026-02-30 and 2027-02-29 do not, 2028-02-29 does. Zod's ISO
 * date is one regular expression with the month lengths and leap years in it.
 */
export const calendarDateSchema = z.iso.date(API_MESSAGES.slotDateInvalid);

/**
 * A plan's days with bookable slots, for the booking page's date strip and plan cards
 * (docs/decisions/0240-slots-by-day.md): per day of the platform zone the slots with a free seat and
 * all slots, the next free time, and the soonest full times for their waitlist.
 */
export const slotDaysSchema = z.object({
  days: z.array(
    z.object({
      date: z.string().describe("Day in the platform time zone, YYYY-MM-DD"),
      free: z.number().int().describe("Slots of that day with a seat left"),
      total: z.number().int().describe("Slots of that day, full ones included"),
    }),
  ),
  next: z.object({ startAt: z.string() }).nullable().describe("The earliest slot with a seat left, or null"),
  full: z
    .array(slotListingSchema.pick({ id: true, startAt: true, interviewerName: true }))
    .describe("The soonest full slots (at most 20), for their waitlist"),
});
export type SlotDays = z.infer<typeof slotDaysSchema>;

export const workshopListingSchema = z.object({
  id: z.string(),
  topicKey: z.string(),
  title: z.string(),
  level: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  pricePaise: z.number().int(),
  available: z.boolean(),
  /** The interviewer who runs it, when the admin chose one: shown on the session's card. */
  hostName: z.string().nullable(),
  hostQualification: z.string().nullable(),
});
export type WorkshopListing = z.infer<typeof workshopListingSchema>;

export const internshipListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  mentor: z.string(),
  startDate: z.string(),
  weeks: z.number().int(),
  weekPlans: z.array(z.object({ title: z.string(), deliverables: z.string() })),
  trackKey: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  pricePaise: z.number().int(),
  available: z.boolean(),
});
export type InternshipListing = z.infer<typeof internshipListingSchema>;

export const takeHoldSchema = z.object({
  kind: bookingKindSchema,
  targetId: z.string().min(1),
  /** For a mock interview: the plan (service, product or maang) the seat is bought under. */
  packageKey: z.enum(COMPANY_TYPES).optional(),
  /** For a mock interview: the domain picked (only a slot whose interviewer covers it can be held). */
  domain: z.enum(DOMAINS).optional(),
});
export type TakeHoldInput = z.infer<typeof takeHoldSchema>;

export const holdSchema = z.object({
  id: z.string(),
  kind: bookingKindSchema,
  targetId: z.string(),
  packageKey: z.string(),
  expiresAt: z.string(),
});
export type HoldDto = z.infer<typeof holdSchema>;

export const checkoutResponseSchema = z.object({
  bookingId: z.string(),
  paymentId: z.string(),
  provider: z.enum(["dev", "razorpay"]),
  orderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  /** Razorpay's public key for Checkout; null for the test-mode checkout. */
  keyId: z.string().nullable(),
  description: z.string(),
  /** The catalog price before a coupon; amountPaise is what the student pays. */
  listPricePaise: z.number().int(),
  discountPaise: z.number().int(),
  couponCode: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const verifyPaymentSchema = z.object({
  orderId: z.string().min(1),
  paymentId: z.string().min(1),
  signature: z.string().min(1),
});

export const paymentResultSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  message: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** The checkout's order summary: the booking page's words for the seat and what the payment charges. */
export const checkoutSummarySchema = z.object({
  what: z.string(),
  when: z.string(),
  withWhom: z.string().nullable(),
  price: priceQuoteSchema,
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const devCheckoutSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  description: z.string(),
  status: z.string(),
  /** Set when a newer checkout replaced this one: the one to go on with (null once it is paid). */
  replacedBy: z.object({ paymentId: z.string().nullable() }).nullable(),
  /** Null when the session it was for has been deleted. */
  summary: checkoutSummarySchema.nullable(),
});
export type DevCheckout = z.infer<typeof devCheckoutSchema>;

/** Starts with + and holds at least 10 digits, default prefix +91 (docs/product.md, Profile). */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v.startsWith("+") && v.replace(/\D/g, "").length >= PHONE_MIN_DIGITS && /^\+[\d\s-]+$/.test(v), {
    message: PROFILE_MESSAGES.phoneFormat,
  });

export const normalizePhone = (phone: string): string => `+${phone.replace(/\D/g, "")}`;

export const sendOtpSchema = z.object({ phone: phoneSchema });
export const verifyOtpSchema = z.object({
  phone: phoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: PROFILE_MESSAGES.otpCodeFormat }),
});

export const profileSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, { message: PROFILE_MESSAGES.firstNameRequired })
    .max(80)
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  lastName: z
    .string()
    .trim()
    .min(1, { message: PROFILE_MESSAGES.lastNameRequired })
    .max(80)
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  qualification: z
    .string()
    .trim()
    .min(1, { message: PROFILE_MESSAGES.qualificationRequired })
    .max(120)
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  status: z.enum(PROFILE_STATUSES, { message: PROFILE_MESSAGES.statusRequired }),
  phone: phoneSchema,
  /** GST state code: the place of supply on the student's invoices; "" when not given. */
  state: z.union([z.enum(GST_STATE_CODES), z.literal("")], { message: PROFILE_MESSAGES.stateRequired }).default(""),
});
export type ProfileInput = z.output<typeof profileSchema>;

export const profileResponseSchema = z.object({
  profile: profileSchema.extend({ phoneVerified: z.boolean(), completed: z.boolean() }).nullable(),
  verifiedPhones: z.array(z.string()),
  paid: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
