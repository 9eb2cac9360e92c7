import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { WorkshopLevel, WorkshopTopic } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, API_MESSAGES } from "../../../shared/messages.js";
import { type WorkshopDto, type WorkshopInput, workshopTimingProblem } from "../../../shared/schemas/workshops.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import type { Database, WorkshopsTable } from "../../db/schema.js";
import { recordAudit } from "../audit/index.js";
import { findCatalogEntry } from "../catalog/index.js";
import { findInterviewerById, findInterviewerNames } from "../interviewers/index.js";
import { countPaidBookings, countSeatsTaken } from "../seats/index.js";
import { findDeletionBlocker } from "../slots/index.js";
import { refuseInterviewerOverlap } from "../slots/overlap.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";
import {
  deleteWorkshopRow,
  findRecentWorkshops,
  findWorkshopForUpdate,
  insertWorkshop,
  updateWorkshopRow,
} from "./repository.js";

const LIST_LIMIT = 500;

export async function toWorkshopDtos(db: Db, rows: WorkshopsTable[], now = new Date()): Promise<WorkshopDto[]> {
  const ids = rows.map((r) => r.id);
  const hostIds = [...new Set(rows.flatMap((r) => (r.host_interviewer_id ? [r.host_interviewer_id] : [])))];
  const [taken, paid, hosts] = await Promise.all([
    countSeatsTaken(db, ids, now.toISOString()),
    countPaidBookings(db, ids),
    findInterviewerNames(db, hostIds),
  ]);
  return rows.map((r) => ({
    id: r.id,
    topicKey: r.topic_key as WorkshopTopic,
    title: r.title,
    level: r.level as WorkshopLevel,
    startAt: r.start_at,
    endAt: r.end_at,
    capacity: r.capacity,
    seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    booked: paid.get(r.id) ?? 0,
    status: r.status as WorkshopDto["status"],
    meetingLink: r.meeting_link,
    hostInterviewerId: r.host_interviewer_id,
    hostName: (r.host_interviewer_id && hosts.get(r.host_interviewer_id)) || null,
    cancelledAt: r.cancelled_at,
  }));
}

async function toWorkshopDto(db: Db, row: WorkshopsTable): Promise<WorkshopDto> {
  const [dto] = await toWorkshopDtos(db, [row]);
  if (!dto) throw new AppError("INTERNAL", API_MESSAGES.notSaved("workshop"));
  return dto;
}

export async function listWorkshops(deps: AppDeps): Promise<WorkshopDto[]> {
  return toWorkshopDtos(deps.db, await findRecentWorkshops(deps.db, LIST_LIMIT));
}

/** The slot rules where they apply (docs/product.md, Slots, in that order): date and times, not in the past, end ahead, end after start. */
function workshopValues(
  deps: AppDeps,
  input: WorkshopInput,
  now: Date,
): Omit<
  WorkshopsTable,
  "id" | "host_interviewer_id" | "cancelled_at" | "capstone_brief" | "capstone_due_at" | "created_at" | "updated_at"
> {
  const times = workshopTimingProblem(input, now, deps.config.timeZone);
  if ("message" in times) throw new AppError("VALIDATION", times.message);
  return {
    topic_key: input.topicKey,
    title: input.title,
    level: input.level,
    start_at: times.startAt,
    end_at: times.endAt,
    capacity: input.capacity,
    status: input.status,
    meeting_link: input.meetingLink || null,
  };
}

/**
 * The host must be an interviewer we know (an active one, or the one the session already has) and free
 * at the session's time: no slot or other hosted session of theirs overlaps it (docs/decisions/0141).
 */
async function checkHost(
  deps: AppDeps,
  trx: Transaction<Database>,
  input: WorkshopInput,
  times: { start_at: string; end_at: string },
  current?: WorkshopsTable,
): Promise<string | null> {
  if (!input.hostInterviewerId) return null;
  const host = await findInterviewerById(trx, input.hostInterviewerId);
  if (!host || (host.active !== 1 && host.id !== current?.host_interviewer_id))
    throw new AppError("VALIDATION", ADMIN_MESSAGES.hostRequired, { field: "hostInterviewerId" });
  await refuseInterviewerOverlap(deps, trx, {
    interviewerId: host.id,
    interviewerName: host.name,
    startAt: times.start_at,
    endAt: times.end_at,
    ...(current ? { exceptId: current.id } : {}),
  });
  return host.id;
}

export async function createWorkshop(deps: AppDeps, actorEmail: string, input: WorkshopInput, now = new Date()) {
  const values = workshopValues(deps, input, now);
  const nowIso = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (!(await findCatalogEntry(trx, input.topicKey))) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.topicNotFound, { field: "topicKey" });
    }
    const row: WorkshopsTable = {
      id: randomUUID(),
      ...values,
      host_interviewer_id: await checkHost(deps, trx, input, values),
      capstone_brief: null,
      capstone_due_at: null,
      cancelled_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await insertWorkshop(trx, row);
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "workshop",
      entityId: row.id,
      before: null,
      after: row,
    });
    return row;
  });
  await deps.bus.publish({ topic: "workshops", workshopId: row.id });
  return toWorkshopDto(deps.db, row);
}

export async function updateWorkshop(
  deps: AppDeps,
  actorEmail: string,
  id: string,
  input: WorkshopInput,
  now = new Date(),
) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findWorkshopForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.workshopGone);
    if (before.cancelled_at) throw new AppError("CONFLICT", ADMIN_MESSAGES.cancelledNotEditable);
    if (!(await findCatalogEntry(trx, input.topicKey))) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.topicNotFound, { field: "topicKey" });
    }
    const base = workshopValues(deps, input, now);
    const values = { ...base, host_interviewer_id: await checkHost(deps, trx, input, base, before) };
    const paid = (await countPaidBookings(trx, [id])).get(id) ?? 0;
    if (values.capacity < paid) throw new AppError("CONFLICT", ADMIN_MESSAGES.capacityBelowPaid(paid));
    const after: WorkshopsTable = { ...before, ...values, updated_at: now.toISOString() };
    await updateWorkshopRow(trx, id, { ...values, updated_at: after.updated_at });
    await recordAudit(trx, { actorEmail, action: "update", entity: "workshop", entityId: id, before, after });
    // Raised capacity frees seats: the line gets them first.
    return { after, line: await offerFreedSeats(deps, trx, "workshop", id, now) };
  });
  await announceLineChanges(deps, [row.line]);
  await deps.bus.publish({ topic: "workshops", workshopId: id });
  return toWorkshopDto(deps.db, row.after);
}

/** Like a slot: a session with paid seats is cancelled (with refunds), never deleted. */
export async function deleteWorkshop(deps: AppDeps, actorEmail: string, id: string, now = new Date()) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findWorkshopForUpdate(trx, deps.dialect, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.workshopGone);
    const blocker = await findDeletionBlocker(trx, id, now.toISOString());
    if (blocker === "paid") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.workshopHasBookings);
    if (blocker === "paying") throw new AppError("HAS_BOOKINGS", ADMIN_MESSAGES.paymentUnderWay);
    await deleteWorkshopRow(trx, id);
    await recordAudit(trx, { actorEmail, action: "delete", entity: "workshop", entityId: id, before, after: null });
  });
  await deps.bus.publish({ topic: "workshops", workshopId: id });
}
