import { z } from "zod";
import { DEFAULT_INTERNSHIP_TITLE } from "../constants.js";
import { ADMIN_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine, isVisibleParagraph } from "../plain-text.js";
import { internshipTrackSchema } from "./catalog.js";
import { capacitySchema, meetingLinkSchema } from "./slots.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const weekPlanSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200, { message: ADMIN_MESSAGES.fieldTooLong })
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  deliverables: z.string().trim().max(2000).refine(isVisibleParagraph, { message: TEXT_MESSAGES.hiddenInParagraph }),
});
export type WeekPlan = z.infer<typeof weekPlanSchema>;

/** An empty weeks box means zero weeks (docs/product.md, Internships), which the form refuses to save. */
export const parseWeeks = (raw: string): number => (raw.trim() === "" ? 0 : Math.max(0, Math.floor(Number(raw) || 0)));

/** Resizing the week count keeps the plans already written (docs/product.md, Internships). */
export const resizeWeekPlans = (plans: readonly WeekPlan[], weeks: number): WeekPlan[] =>
  Array.from({ length: weeks }, (_, i) => plans[i] ?? { title: "", deliverables: "" });

/** The internship form (add and edit), checked field by field in display order. */
export const internshipInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(200, { message: ADMIN_MESSAGES.fieldTooLong })
      .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine })
      .default("")
      .transform((title) => title || DEFAULT_INTERNSHIP_TITLE),
    mentor: z
      .string()
      .trim()
      .min(1, { message: ADMIN_MESSAGES.internshipMentorRequired })
      .max(200, { message: ADMIN_MESSAGES.fieldTooLong })
      .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
    startDate: z.string().regex(DATE, { message: ADMIN_MESSAGES.internshipStartDateRequired }),
    weeks: z.number().int().min(1, { message: ADMIN_MESSAGES.internshipWeeksRequired }).max(52),
    weekPlans: z.array(weekPlanSchema).max(52),
    trackKey: internshipTrackSchema.default("int_frontend"),
    capacity: capacitySchema.default(30),
    meetingLink: meetingLinkSchema.default(""),
  })
  .refine((input) => input.weekPlans.length === input.weeks, {
    message: ADMIN_MESSAGES.internshipWeekPlansMismatch,
    path: ["weekPlans"],
  });
export type InternshipForm = z.input<typeof internshipInputSchema>;
export type InternshipInput = z.output<typeof internshipInputSchema>;

export const internshipSchema = z.object({
  id: z.string(),
  title: z.string(),
  mentor: z.string(),
  startDate: z.string(),
  weeks: z.number().int(),
  weekPlans: z.array(weekPlanSchema),
  trackKey: internshipTrackSchema,
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  booked: z.number().int(),
  meetingLink: z.string().nullable(),
  /** When an admin cancelled the batch; null while it runs. */
  cancelledAt: z.string().nullable(),
});
export type InternshipDto = z.infer<typeof internshipSchema>;
