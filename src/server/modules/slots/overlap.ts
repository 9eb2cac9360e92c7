import type { Transaction } from "kysely";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { formatDayLabel, zonedDate, zonedTime } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";
import { findOverlappingTime } from "./repository.js";

/**
 * One interviewer, one place at a time (docs/decisions/0141-one-interviewer-one-slot.md): a slot or a workshop
 * session they host is refused, beside Start, when it overlaps another live slot or hosted session.
 * Runs in the saving transaction, after the interviewer's row is locked.
 */
export async function refuseInterviewerOverlap(
  deps: AppDeps,
  trx: Db | Transaction<Database>,
  time: { interviewerId: string; interviewerName: string; startAt: string; endAt: string; exceptId?: string },
): Promise<void> {
  const clash = await findOverlappingTime(trx, deps.dialect, time);
  if (!clash) return;
  const { timeZone } = deps.config;
  const start = new Date(clash.start_at);
  const when = `${formatDayLabel(zonedDate(start, timeZone))} ${zonedTime(start, timeZone)}–${zonedTime(new Date(clash.end_at), timeZone)}`;
  const message =
    clash.kind === "slot"
      ? ADMIN_MESSAGES.slotOverlaps(time.interviewerName, when)
      : ADMIN_MESSAGES.workshopOverlaps(time.interviewerName, clash.title, when);
  throw new AppError("CONFLICT", message, { field: "start" });
}
