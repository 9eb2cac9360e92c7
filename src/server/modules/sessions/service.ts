import { RESCHEDULE_MIN_NOTICE_HOURS } from "../../../shared/constants.js";

const HOUR_MS = 3_600_000;

/** Cancelling (and moving a mock) is open until 12 hours before the start (docs/product.md, Reschedule and cancel). */
export function changeDeadline(startAt: string): Date {
  return new Date(Date.parse(startAt) - RESCHEDULE_MIN_NOTICE_HOURS * HOUR_MS);
}
