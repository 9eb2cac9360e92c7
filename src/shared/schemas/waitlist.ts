import { z } from "zod";
import { COMPANY_TYPES } from "../constants.js";
import { bookingKindSchema } from "./booking.js";
import { nextCursorSchema } from "./pagination.js";

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

/**
 * One session's line as the admin sees it: the page's entries of it, in line order. A line cut by a
 * page's end goes on at the start of the next page, under the same `targetId`.
 */
export const adminWaitlistSchema = z.object({
  kind: bookingKindSchema,
  targetId: z.string(),
  title: z.string(),
  startAt: z.string(),
  capacity: z.number().int(),
  /** How many stand in the whole line (waiting or offered), also when this page holds part of it. */
  inLine: z.number().int(),
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
/** A page of lines, soonest session first (docs/admin.md, Waitlists). */
export const adminWaitlistsPageSchema = z.object({
  waitlists: z.array(adminWaitlistSchema),
  nextCursor: nextCursorSchema,
});
export type AdminWaitlistsPageDto = z.infer<typeof adminWaitlistsPageSchema>;
