import { randomUUID } from "node:crypto";
import type { InternshipTrack } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, API_MESSAGES } from "../../../shared/messages.js";
import type { InternshipDto, InternshipInput } from "../../../shared/schemas/internships.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import { decodeInternshipWeekPlans } from "../../db/json-columns.js";
import type { InternshipsTable } from "../../db/schema.js";
import { recordAudit } from "../audit/index.js";
import { findCatalogEntry } from "../catalog/index.js";
import { countPaidBookings, countSeatsTaken } from "../seats/index.js";
import { findDeletionBlocker } from "../slots/index.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";
import {
  deleteInternshipRow,
  findInternshipForUpdate,
  findInternshipsNewestFirst,
  insertInternship,
  updateInternshipRow,
} from "./repository.js";

export async function toInternshipDtos(db: Db, rows: InternshipsTable[], now = new Date()): Promise<InternshipDto[]> {
  const ids = rows.map((r) => r.id);
  const [taken, paid] = await Promise.all([countSeatsTaken(db, ids, now.toISOString()), countPaidBookings(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    mentor: r.mentor,
    startDate: r.start_date,
    weeks: r.weeks,
    weekPlans: decodeInternshipWeekPlans(r.week_plans),
    trackKey: r.track_key as InternshipTrack,
    capacity: r.capacity,
    seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    booked: paid.get(r.id) ?? 0,
    meetingLink: r.meeting_link,
    cancelledAt: r.cancelled_at,
  }));
}

async function toInternshipDto(db: Db, row: InternshipsTable): Promise<InternshipDto> {
  const [dto] = await toInternshipDtos(db, [row]);
  if (!dto) throw new AppError("INTERNAL", API_MESSAGES.notSaved("internship"));
  return dto;
}

export async function listInternships(deps: AppDeps): Promise<InternshipDto[]> {
  return toInternshipDtos(deps.db, await findInternshipsNewestFirst(deps.db));
}

const storedValues = (input: InternshipInput) => ({
  title: input.title,
  mentor: input.mentor,
  start_date: input.startDate,
  weeks: input.weeks,
  week_plans: JSON.stringify(input.weekPlans),
  track_key: input.trackKey,
  capacity: input.capacity,
  meeting_link: input.meetingLink || null,
});

export async function createInternship(deps: AppDeps, actorEmail: string, input: InternshipInput) {
  const nowIso = new Date().toISOString();
  const row: InternshipsTable = {
    id: randomUUID(),
    ...storedValues(input),
    cancelled_at: null,
    demo_day_start_at: null,
    demo_day_end_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findCatalogEntry(trx, input.trackKey))) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.topicNotFound, { field: "trackKey" });
    }
    await insertInternship(trx, row);
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "internship",
      entityId: row.id,
      before: null,
      after: row,
    });
  });
  await deps.bus.publish({ topic: "internships" });
  return toInternshipDto(deps.db, row);
}

export async function updateInternship(deps: AppDeps, actorEmail: string, id: string, input: InternshipInput) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findInternshipForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.internshipGone);
    if (before.cancelled_at) throw new AppError("CONFLICT", ADMIN_MESSAGES.cancelledNotEditable);
    if (!(await findCatalogEntry(trx, input.trackKey))) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.topicNotFound, { field: "trackKey" });
    }
    const values = storedValues(input);
    const paid = (await countPaidBookings(trx, [id])).get(id) ?? 0;
    if (values.capacity < paid) throw new AppError("CONFLICT", ADMIN_MESSAGES.capacityBelowPaid(paid));
    const after: InternshipsTable = { ...before, ...values, updated_at: new Date().toISOString() };
    await updateInternshipRow(trx, id, { ...values, updated_at: after.updated_at });
    await recordAudit(trx, { actorEmail, action: "update", entity: "internship", entityId: id, before, after });
    // Raised capacity frees seats: the line gets them first.
    return { after, line: await offerFreedSeats(deps, trx, "internship", id) };
  });
  await announceLineChanges(deps, [row.line]);
  await deps.bus.publish({ topic: "internships" });
  return toInternshipDto(deps.db, row.after);
}

/** An internship students have paid for stays: their enrolments and certificates point at it. */
export async function deleteInternship(deps: AppDeps, actorEmail: string, id: string, now = new Date()) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findInternshipForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.internshipGone);
    const blocker = await findDeletionBlocker(trx, id, now.toISOString());
    if (blocker === "paid") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.internshipHasBookings);
    if (blocker === "paying") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.paymentUnderWay);
    await deleteInternshipRow(trx, id);
    await recordAudit(trx, { actorEmail, action: "delete", entity: "internship", entityId: id, before, after: null });
  });
  await deps.bus.publish({ topic: "internships" });
}
