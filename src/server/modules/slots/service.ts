import { randomUUID } from "node:crypto";
import type { CompanyType } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { normalizeCapacity, type SlotDto, type SlotInput, slotProblem } from "../../../shared/schemas/admin.js";
import { addDays, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app.js";
import type { SlotsTable } from "../../db/schema.js";
import { recordAudit } from "../audit/repository.js";
import { findInterviewerById } from "../interviewers/repository.js";
import { countPaidBookings, countSeatsTaken, hasPaidBookings } from "../seats/repository.js";

export async function toSlotDtos(deps: AppDeps, rows: SlotsTable[]): Promise<SlotDto[]> {
  const nowIso = new Date().toISOString();
  const ids = rows.map((r) => r.id);
  const [taken, booked] = await Promise.all([countSeatsTaken(deps.db, ids, nowIso), countPaidBookings(deps.db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    interviewerId: r.interviewer_id,
    interviewerName: r.interviewer_name,
    interviewerEmail: r.interviewer_email,
    interviewerPhone: r.interviewer_phone,
    details: r.details,
    startAt: r.start_at,
    endAt: r.end_at,
    packageTypes: JSON.parse(r.package_types) as CompanyType[],
    capacity: r.capacity,
    seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    booked: booked.get(r.id) ?? 0,
    status: r.status as SlotDto["status"],
    meetingLink: r.meeting_link,
    cancelledAt: r.cancelled_at,
  }));
}

/** Slots starting in the seven days from `monday` (a date in the platform zone). */
export function findSlotsInWeek(deps: AppDeps, monday: string) {
  const from = zonedToInstant(monday, "00:00", deps.config.timeZone).toISOString();
  const to = zonedToInstant(addDays(monday, 7), "00:00", deps.config.timeZone).toISOString();
  return deps.db
    .selectFrom("slots")
    .selectAll()
    .where("start_at", ">=", from)
    .where("start_at", "<", to)
    .orderBy("start_at")
    .execute();
}

/**
 * Validates with the spec's rules and copies the interviewer onto the slot (spec §3). Only active
 * interviewers take new slots; an existing slot may keep its (since deactivated) interviewer.
 */
async function prepare(deps: AppDeps, input: SlotInput, now: Date, keepInterviewerId?: string | null) {
  const found = input.interviewerId ? await findInterviewerById(deps.db, input.interviewerId) : undefined;
  const interviewer = found && (found.active === 1 || found.id === keepInterviewerId) ? found : undefined;
  const types = interviewer ? (JSON.parse(interviewer.company_types) as CompanyType[]) : undefined;
  const timing = slotProblem(input, types, now, deps.config.timeZone);
  if ("message" in timing) throw new AppError("VALIDATION", timing.message);
  if (!interviewer) throw new AppError("VALIDATION", "Please select an interviewer.");
  return {
    interviewer_id: interviewer.id,
    interviewer_name: interviewer.name,
    interviewer_email: interviewer.email,
    interviewer_phone: interviewer.phone,
    details: input.details.trim(),
    start_at: timing.startAt,
    end_at: timing.endAt,
    package_types: interviewer.company_types,
    capacity: normalizeCapacity(input.capacity),
    status: input.status,
    meeting_link: input.meetingLink || null,
  };
}

export async function createSlot(
  deps: AppDeps,
  actorEmail: string,
  input: SlotInput,
  now = new Date(),
): Promise<SlotDto> {
  const values = await prepare(deps, input, now);
  const nowIso = now.toISOString();
  const row: SlotsTable = { id: randomUUID(), ...values, cancelled_at: null, created_at: nowIso, updated_at: nowIso };
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto("slots").values(row).execute();
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "slot",
      entityId: row.id,
      before: null,
      after: row,
    });
  });
  await deps.bus.publish({ topic: "slots", slotId: row.id });
  const [dto] = await toSlotDtos(deps, [row]);
  if (!dto) throw new AppError("INTERNAL", "The slot was not saved.");
  return dto;
}

export async function updateSlot(
  deps: AppDeps,
  actorEmail: string,
  id: string,
  input: SlotInput,
  now = new Date(),
): Promise<SlotDto> {
  const current = await deps.db.selectFrom("slots").select("interviewer_id").where("id", "=", id).executeTakeFirst();
  const values = await prepare(deps, input, now, current?.interviewer_id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("slots").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", "That slot no longer exists.");
    const after = { ...before, ...values, updated_at: now.toISOString() };
    await trx
      .updateTable("slots")
      .set({ ...values, updated_at: after.updated_at })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, { actorEmail, action: "update", entity: "slot", entityId: id, before, after });
    return after;
  });
  await deps.bus.publish({ topic: "slots", slotId: id });
  const [dto] = await toSlotDtos(deps, [row]);
  if (!dto) throw new AppError("INTERNAL", "The slot was not saved.");
  return dto;
}

/** A slot with paid bookings is cancelled (refunding its students), never deleted. */
export async function deleteSlot(deps: AppDeps, actorEmail: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("slots").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", "That slot no longer exists.");
    if (await hasPaidBookings(trx, id)) {
      throw new AppError("HAS_BOOKINGS", "This slot has confirmed bookings. Cancel it instead of deleting it.");
    }
    await trx.deleteFrom("holds").where("target_id", "=", id).execute();
    await trx.deleteFrom("slots").where("id", "=", id).execute();
    await recordAudit(trx, { actorEmail, action: "delete", entity: "slot", entityId: id, before, after: null });
  });
  await deps.bus.publish({ topic: "slots", slotId: id });
}
