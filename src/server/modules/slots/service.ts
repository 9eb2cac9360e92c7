import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, API_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { type SlotDto, type SlotInput, type SlotWeekDto, slotProblem } from "../../../shared/schemas/slots.js";
import { addDays, weekStartMonday, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import { decodeInterviewerCompanyTypes, decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { Database, InterviewersTable, SlotsTable } from "../../db/schema.js";
import { recordAudit } from "../audit/index.js";
import { findInterviewerById } from "../interviewers/index.js";
import { countPaidBookings, countSeatsTaken } from "../seats/index.js";
import { findBookingSessions } from "../sessions/index.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";
import { announceMovedBookings, moveBookedStudents } from "./moved-slot.js";
import { refuseInterviewerOverlap } from "./overlap.js";
import {
  deleteSlotRow,
  findDeletionBlocker,
  findSlotForUpdate,
  findSlotsStartingBetween,
  insertSlot,
  updateSlotRow,
} from "./repository.js";

type SlotValues = Omit<SlotsTable, "id" | "cancelled_at" | "created_at" | "updated_at">;

export async function toSlotDtos(db: Db, rows: SlotsTable[], now = new Date()): Promise<SlotDto[]> {
  const ids = rows.map((r) => r.id);
  const [taken, paid] = await Promise.all([countSeatsTaken(db, ids, now.toISOString()), countPaidBookings(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    interviewerId: r.interviewer_id,
    interviewerName: r.interviewer_name,
    interviewerEmail: r.interviewer_email,
    interviewerPhone: r.interviewer_phone,
    details: r.details,
    startAt: r.start_at,
    endAt: r.end_at,
    packageTypes: decodeSlotPackageTypes(r.package_types),
    capacity: r.capacity,
    seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    booked: paid.get(r.id) ?? 0,
    status: r.status as SlotDto["status"],
    meetingLink: r.meeting_link,
    cancelledAt: r.cancelled_at,
  }));
}

async function toSlotDto(db: Db, row: SlotsTable): Promise<SlotDto> {
  const [dto] = await toSlotDtos(db, [row]);
  if (!dto) throw new AppError("INTERNAL", API_MESSAGES.notSaved("slot"));
  return dto;
}

/** The week (Monday start) containing `date`, in the platform zone, with seats left per slot. */
export async function listWeek(deps: AppDeps, date: string): Promise<SlotWeekDto> {
  const monday = weekStartMonday(date);
  const zone = deps.config.timeZone;
  const from = zonedToInstant(monday, "00:00", zone).toISOString();
  const to = zonedToInstant(addDays(monday, 7), "00:00", zone).toISOString();
  return { weekStart: monday, slots: await toSlotDtos(deps.db, await findSlotsStartingBetween(deps.db, from, to)) };
}

/**
 * The slot rules and the copy of the interviewer onto the slot (docs/product.md, Slots): name, e-mail, phone,
 * and packages from their company types. Only an active interviewer takes a new slot; a slot may
 * keep the (since deactivated) interviewer it already has.
 */
function slotValues(
  deps: AppDeps,
  input: SlotInput,
  found: InterviewersTable | undefined,
  now: Date,
  currentInterviewerId?: string | null,
): SlotValues {
  const interviewer = found && (found.active === 1 || found.id === currentInterviewerId) ? found : undefined;
  if (!interviewer) throw new AppError("VALIDATION", MESSAGES.slotInterviewerRequired);
  const types = decodeInterviewerCompanyTypes(interviewer.company_types);
  const times = slotProblem(input, types, now, deps.config.timeZone);
  if ("message" in times) throw new AppError("VALIDATION", times.message);
  return {
    interviewer_id: interviewer.id,
    interviewer_name: interviewer.name,
    interviewer_email: interviewer.email,
    interviewer_phone: interviewer.phone,
    details: input.details,
    start_at: times.startAt,
    end_at: times.endAt,
    package_types: interviewer.company_types,
    capacity: input.capacity,
    status: input.status,
    meeting_link: input.meetingLink || null,
  };
}

/** One interviewer, one slot (or hosted workshop session) at a time. */
async function refuseOverlap(deps: AppDeps, trx: Db | Transaction<Database>, values: SlotValues, exceptId?: string) {
  if (!values.interviewer_id) return;
  await refuseInterviewerOverlap(deps, trx, {
    interviewerId: values.interviewer_id,
    interviewerName: values.interviewer_name,
    startAt: values.start_at,
    endAt: values.end_at,
    ...(exceptId ? { exceptId } : {}),
  });
}

const findInterviewer = (db: Db, id: string) => (id ? findInterviewerById(db, id) : Promise.resolve(undefined));

export async function createSlot(deps: AppDeps, actorEmail: string, input: SlotInput, now = new Date()) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const values = slotValues(deps, input, await findInterviewer(trx, input.interviewerId), now);
    await refuseOverlap(deps, trx, values);
    const nowIso = now.toISOString();
    const created: SlotsTable = {
      id: randomUUID(),
      ...values,
      cancelled_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await insertSlot(trx, created);
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "slot",
      entityId: created.id,
      before: null,
      after: created,
    });
    return created;
  });
  await deps.bus.publish({ topic: "slots", slotId: row.id });
  return toSlotDto(deps.db, row);
}

/** Edits with the add form's rules; never below the seats already paid for, never once cancelled. */
export async function updateSlot(deps: AppDeps, actorEmail: string, id: string, input: SlotInput, now = new Date()) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findSlotForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.slotGone);
    if (before.cancelled_at) throw new AppError("CONFLICT", ADMIN_MESSAGES.cancelledNotEditable);
    const found = await findInterviewer(trx, input.interviewerId);
    const values = slotValues(deps, input, found, now, before.interviewer_id);
    await refuseOverlap(deps, trx, values, id);
    const paid = (await countPaidBookings(trx, [id])).get(id) ?? 0;
    if (values.capacity < paid) throw new AppError("CONFLICT", ADMIN_MESSAGES.capacityBelowPaid(paid));
    const after: SlotsTable = { ...before, ...values, updated_at: now.toISOString() };
    const timeChanged = after.start_at !== before.start_at || after.end_at !== before.end_at;
    const booked = timeChanged
      ? await findBookingSessions(trx, deps.config.timeZone, { targetId: id, statuses: ["confirmed"] })
      : [];
    await updateSlotRow(trx, id, { ...values, updated_at: after.updated_at });
    const moved = await moveBookedStudents(deps, trx, id, booked, now);
    await recordAudit(trx, { actorEmail, action: "update", entity: "slot", entityId: id, before, after });
    // Raised capacity (or a reopened slot) frees seats: the line gets them first.
    return { after, moved, line: await offerFreedSeats(deps, trx, "mock", id, now) };
  });
  await announceLineChanges(deps, [row.line]);
  await deps.bus.publish({ topic: "slots", slotId: id });
  await announceMovedBookings(deps, row.moved);
  return toSlotDto(deps.db, row.after);
}

/** A slot with paid seats is cancelled (refunding its students), never deleted. */
export async function deleteSlot(deps: AppDeps, actorEmail: string, id: string, now = new Date()): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findSlotForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.slotGone);
    const blocker = await findDeletionBlocker(trx, id, now.toISOString());
    if (blocker === "paid") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.slotHasBookings);
    if (blocker === "paying") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.paymentUnderWay);
    await deleteSlotRow(trx, id);
    await recordAudit(trx, { actorEmail, action: "delete", entity: "slot", entityId: id, before, after: null });
  });
  await deps.bus.publish({ topic: "slots", slotId: id });
}
