import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { type InterviewerDto, type InterviewerInput, phoneKey } from "../../../shared/schemas/interviewers.js";
import type { AppDeps } from "../../app-deps.js";
import type { Executor } from "../../db/database.js";
import type { InterviewersTable } from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { recordAudit } from "../audit/index.js";
import {
  countUpcomingBookings,
  deleteInterviewer,
  findInterviewerById,
  findInterviewerByPhoneKey,
  insertInterviewer,
  toInterviewerDto,
  toPhoneOwner,
  updateInterviewer,
} from "./repository.js";

/**
 * 409 naming who has the phone and how many upcoming bookings they have, so the console asks whether
 * to overwrite them, or offers to edit them instead when students are booked with them (docs/product.md, Interviewers).
 */
const duplicatePhone = async (db: Executor, owner: InterviewersTable) =>
  new AppError("DUPLICATE_PHONE", ADMIN_MESSAGES.duplicatePhone(owner), {
    details: toPhoneOwner(owner, await countUpcomingBookings(db, owner.id, new Date().toISOString())),
  });

/** The form's values as stored; `active` is the form's only on add (the pill switches it later). */
const storedValues = (input: InterviewerInput) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  phone_key: phoneKey(input.phone),
  qualification: input.qualification,
  company_types: JSON.stringify(input.companyTypes),
  domains: JSON.stringify(input.domains),
  reviewed_by: input.reviewedBy,
});

/**
 * A losing request of a race on one phone hit the UNIQUE phone_key: answer as if it had seen the
 * winner's row, which it can read now that the winner has committed.
 */
async function rethrowPhoneRace(deps: AppDeps, err: unknown, key: string): Promise<never> {
  if (isUniqueViolation(err)) {
    const winner = await findInterviewerByPhoneKey(deps.db, key);
    if (winner) throw await duplicatePhone(deps.db, winner);
  }
  throw err;
}

/**
 * Adds an interviewer, or, when the admin confirmed it, overwrites the one who has this phone.
 * The phone's digits are UNIQUE in the database, so two requests with one phone give one interviewer.
 */
export async function addInterviewer(deps: AppDeps, actorEmail: string, input: InterviewerInput) {
  const values = { ...storedValues(input), active: input.active ? (1 as const) : (0 as const) };
  const nowIso = new Date().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx): Promise<InterviewerDto> => {
      const existing = await findInterviewerByPhoneKey(trx, values.phone_key);
      if (existing && !input.overwrite) throw await duplicatePhone(trx, existing);
      if (existing) {
        // Students booked with them keep the name, e-mail and phone they booked: no silent overwrite.
        const upcoming = await countUpcomingBookings(trx, existing.id, nowIso);
        if (upcoming > 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.overwriteHasBookings(existing.name, upcoming));
        const after: InterviewersTable = { ...existing, ...values, updated_at: nowIso };
        await updateInterviewer(trx, existing.id, { ...values, updated_at: nowIso });
        await recordAudit(trx, {
          actorEmail,
          action: "overwrite",
          entity: "interviewer",
          entityId: existing.id,
          before: existing,
          after,
        });
        return toInterviewerDto(after);
      }
      const row: InterviewersTable = {
        id: randomUUID(),
        ...values,
        mentor_track: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await insertInterviewer(trx, row);
      await recordAudit(trx, {
        actorEmail,
        action: "create",
        entity: "interviewer",
        entityId: row.id,
        before: null,
        after: row,
      });
      return toInterviewerDto(row);
    });
  } catch (err) {
    return rethrowPhoneRace(deps, err, values.phone_key);
  }
}

/** Edits with the add form's rules. Another interviewer's phone is refused (merging two people is not an edit). */
export async function editInterviewer(deps: AppDeps, actorEmail: string, id: string, input: InterviewerInput) {
  const values = storedValues(input);
  const nowIso = new Date().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx): Promise<InterviewerDto> => {
      const before = await findInterviewerById(trx, id);
      if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.interviewerGone);
      const owner = await findInterviewerByPhoneKey(trx, values.phone_key);
      if (owner && owner.id !== id) throw await duplicatePhone(trx, owner);
      const after: InterviewersTable = { ...before, ...values, updated_at: nowIso };
      await updateInterviewer(trx, id, { ...values, updated_at: nowIso });
      await recordAudit(trx, { actorEmail, action: "update", entity: "interviewer", entityId: id, before, after });
      return toInterviewerDto(after);
    });
  } catch (err) {
    return rethrowPhoneRace(deps, err, values.phone_key);
  }
}

/** The Active/Inactive pill (docs/product.md, Interviewers): inactive interviewers take no new slots. */
export async function toggleInterviewer(deps: AppDeps, actorEmail: string, id: string): Promise<InterviewerDto> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findInterviewerById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.interviewerGone);
    const after: InterviewersTable = {
      ...before,
      active: before.active === 1 ? 0 : 1,
      updated_at: new Date().toISOString(),
    };
    await updateInterviewer(trx, id, { active: after.active, updated_at: after.updated_at });
    await recordAudit(trx, {
      actorEmail,
      action: "toggle",
      entity: "interviewer",
      entityId: id,
      before: { active: before.active === 1 },
      after: { active: after.active === 1 },
    });
    return toInterviewerDto(after);
  });
}

/** Slots keep their copied name, e-mail and phone (docs/product.md, Slots), so their history stays readable. */
export async function removeInterviewer(deps: AppDeps, actorEmail: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findInterviewerById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.interviewerGone);
    await deleteInterviewer(trx, id);
    await recordAudit(trx, { actorEmail, action: "delete", entity: "interviewer", entityId: id, before, after: null });
  });
}
