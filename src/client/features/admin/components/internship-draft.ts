import { INTERNSHIP_WEEKS, type InternshipTrack } from "../../../../shared/constants.js";
import {
  type InternshipDto,
  type InternshipForm,
  parseWeeks,
  resizeWeekPlans,
  type WeekPlan,
} from "../../../../shared/schemas/internships.js";

export type { InternshipTrack };
export interface InternshipDraft {
  title: string;
  mentor: string;
  startDate: string;
  /** As typed: empty means zero weeks (docs/product.md, Internships). */
  weeks: string;
  /** Every plan written so far; shrinking the weeks hides entries, growing shows them again. */
  plans: WeekPlan[];
  trackKey: InternshipTrack;
  capacity: string;
  meetingLink: string;
}
export type InternshipTextField = "title" | "mentor" | "startDate" | "weeks" | "capacity" | "meetingLink";

/** The form's first values: the internship being edited, or a new one's defaults. */
export function internshipDraftOf(editing: InternshipDto | undefined): InternshipDraft {
  return {
    title: editing?.title ?? "",
    mentor: editing?.mentor ?? "",
    startDate: editing?.startDate ?? "",
    weeks: String(editing?.weeks ?? INTERNSHIP_WEEKS),
    plans: resizeWeekPlans(editing?.weekPlans ?? [], editing?.weeks ?? INTERNSHIP_WEEKS),
    trackKey: editing?.trackKey ?? "int_frontend",
    capacity: String(editing?.capacity ?? 30),
    meetingLink: editing?.meetingLink ?? "",
  };
}

/** One typed field changed; more weeks add empty plans, fewer keep the plans already written. */
export function withInternshipField(draft: InternshipDraft, key: InternshipTextField, value: string): InternshipDraft {
  return {
    ...draft,
    [key]: value,
    ...(key === "weeks"
      ? { plans: resizeWeekPlans(draft.plans, Math.max(draft.plans.length, parseWeeks(value))) }
      : {}),
  };
}

/** What is sent: exactly one plan per week. */
export function internshipFormOf(draft: InternshipDraft): InternshipForm {
  const weeks = parseWeeks(draft.weeks);
  return {
    title: draft.title,
    mentor: draft.mentor,
    startDate: draft.startDate,
    weeks,
    weekPlans: resizeWeekPlans(draft.plans, weeks),
    trackKey: draft.trackKey,
    capacity: draft.capacity,
    meetingLink: draft.meetingLink,
  };
}
