import type { WeekPlan } from "../../../shared/schemas/internships.js";
import type { Milestone, MilestoneStatus, Submission } from "../../../shared/schemas/programme.js";
import { addDays } from "../../../shared/time.js";

const DAYS_PER_WEEK = 7;

/**
 * Week `week` (from 1) of a batch is due on its last day, in the platform zone: a batch starting
 * on Monday 1 December has week 1 due on Sunday 7 December (docs/product.md, Internship programme).
 */
export function milestoneDueDate(startDate: string, week: number): string {
  return addDays(startDate, week * DAYS_PER_WEEK - 1);
}

/** The programme week a day falls in, kept within the plan (before the start: week 1; after: the last). */
export function programmeWeek(startDate: string, weeks: number, today: string): number {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
  return Math.min(Math.max(Math.floor(days / DAYS_PER_WEEK) + 1, 1), Math.max(weeks, 1));
}

/** The first day of a programme week. */
export function weekStartDate(startDate: string, week: number): string {
  return addDays(startDate, (week - 1) * DAYS_PER_WEEK);
}

/** Each week of the plan as a milestone: its latest submission decides the status. */
export function buildMilestones(
  plans: readonly WeekPlan[],
  startDate: string,
  submissions: readonly Submission[],
  today: string,
): Milestone[] {
  return plans.map((plan, index) => {
    const week = index + 1;
    const dueDate = milestoneDueDate(startDate, week);
    const own = submissions.filter((s) => s.kind === "milestone" && s.week === week);
    const latest = own.at(-1);
    const status: MilestoneStatus = latest?.status ?? "open";
    return {
      week,
      title: plan.title || `Week ${week}`,
      deliverables: plan.deliverables,
      dueDate,
      status,
      late: own[0]?.late ?? false,
      missing: own.length === 0 && today > dueDate,
      submissions: own,
    };
  });
}

/** Approved milestones of the plan, and the next due date still to meet (null when all are approved). */
export function progressOf(milestones: readonly Milestone[]) {
  const approved = milestones.filter((m) => m.status === "approved").length;
  const next = milestones.find((m) => m.status !== "approved");
  return { approved, total: milestones.length, nextDueDate: next?.dueDate ?? null };
}
