import { z } from "zod";
import { COMPANY_TYPES } from "../constants.js";
import { bookingKindSchema } from "./booking.js";

export const joinWaitlistSchema = z.object({
  kind: bookingKindSchema,
  targetId: z.string().min(1),
  /** For a mock interview: the plan the seat would be bought under (the slot's first when absent). */
  packageKey: z.enum(COMPANY_TYPES).optional(),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** A student's place in one line: waiting (with their place), or offered a held seat until a time. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  kind: bookingKindSchema,
  targetId: z.string(),
  packageKey: z.string(),
  title: z.string(),
  startAt: z.string(),
  status: z.enum(["waiting", "offered"]),
  /** 1 for the first in line; 0 while a seat is offered. */
  position: z.number().int(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntrySchema>;

export const waitlistListSchema = z.object({ entries: z.array(waitlistEntrySchema) });

/** One session's line as the admin sees it. */
export const adminWaitlistSchema = z.object({
  kind: bookingKindSchema,
  targetId: z.string(),
  title: z.string(),
  startAt: z.string(),
  capacity: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      name: z.string(),
      email: z.string(),
      status: z.enum(["waiting", "offered"]),
      offerExpiresAt: z.string().nullable(),
      joinedAt: z.string(),
    }),
  ),
});
export type AdminWaitlistDto = z.infer<typeof adminWaitlistSchema>;
export const adminWaitlistListSchema = z.object({ waitlists: z.array(adminWaitlistSchema) });
