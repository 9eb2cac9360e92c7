import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors.js";
import { type InterviewerDto, type InterviewerInput, interviewerProblem } from "../../../shared/schemas/admin.js";
import type { AppDeps } from "../../app.js";
import { recordAudit } from "../audit/repository.js";
import {
  deleteInterviewer,
  findInterviewerById,
  findInterviewerByPhoneKey,
  insertInterviewer,
  phoneKey,
  toInterviewerDto,
  updateInterviewer,
} from "./repository.js";

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === "23505" || String((err as Error).message).includes("UNIQUE constraint failed");

function clean(input: InterviewerInput) {
  const problem = interviewerProblem(input);
  if (problem) throw new AppError("VALIDATION", problem);
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    phone: input.phone.trim(),
    phone_key: phoneKey(input.phone),
    qualification: input.qualification.trim(),
    company_types: JSON.stringify([...new Set(input.companyTypes)]),
    reviewed_by: input.reviewedBy.trim(),
    active: input.active ? (1 as const) : (0 as const),
  };
}

function duplicatePhone(existing: InterviewerDto): AppError {
  return new AppError(
    "DUPLICATE_PHONE",
    `An interviewer with this phone already exists: ${existing.name} (${existing.email}, ${existing.phone}). Overwrite their details?`,
    { details: existing },
  );
}

/**
 * Adds an interviewer. The phone is unique (by digits) in the database, so two requests racing
 * with one phone give one interviewer; the loser is told who has it and may overwrite them.
 */
export async function addInterviewer(
  deps: AppDeps,
  actorEmail: string,
  input: InterviewerInput,
): Promise<InterviewerDto> {
  const values = clean(input);
  const now = new Date().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = await findInterviewerByPhoneKey(trx, values.phone_key);
      if (existing) {
        if (!input.overwrite) throw duplicatePhone(toInterviewerDto(existing));
        await updateInterviewer(trx, existing.id, { ...values, updated_at: now });
        const after = { ...existing, ...values, updated_at: now };
        await recordAudit(trx, {
          actorEmail,
          action: "overwrite",
          entity: "interviewer",
          entityId: existing.id,
          before: toInterviewerDto(existing),
          after: toInterviewerDto(after),
        });
        return toInterviewerDto(after);
      }
      const row = { id: randomUUID(), ...values, created_at: now, updated_at: now };
      await insertInterviewer(trx, row);
      await recordAudit(trx, {
        actorEmail,
        action: "create",
        entity: "interviewer",
        entityId: row.id,
        before: null,
        after: toInterviewerDto(row),
      });
      return toInterviewerDto(row);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findInterviewerByPhoneKey(deps.db, values.phone_key);
    if (winner) throw duplicatePhone(toInterviewerDto(winner));
    throw err;
  }
}

export async function editInterviewer(
  deps: AppDeps,
  actorEmail: string,
  id: string,
  input: InterviewerInput,
): Promise<InterviewerDto> {
  const values = clean(input);
  const now = new Date().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await findInterviewerById(trx, id);
      if (!before) throw new AppError("NOT_FOUND", "That interviewer no longer exists.");
      const clash = await findInterviewerByPhoneKey(trx, values.phone_key);
      if (clash && clash.id !== id) throw duplicatePhone(toInterviewerDto(clash));
      await updateInterviewer(trx, id, { ...values, updated_at: now });
      const after = { ...before, ...values, updated_at: now };
      await recordAudit(trx, {
        actorEmail,
        action: "update",
        entity: "interviewer",
        entityId: id,
        before: toInterviewerDto(before),
        after: toInterviewerDto(after),
      });
      return toInterviewerDto(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("DUPLICATE_PHONE", "Another interviewer has this phone number.");
    throw err;
  }
}

export async function toggleInterviewer(deps: AppDeps, actorEmail: string, id: string): Promise<InterviewerDto> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findInterviewerById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", "That interviewer no longer exists.");
    const active = before.active === 1 ? (0 as const) : (1 as const);
    const after = { ...before, active, updated_at: new Date().toISOString() };
    await updateInterviewer(trx, id, { active, updated_at: after.updated_at });
    await recordAudit(trx, {
      actorEmail,
      action: "toggle",
      entity: "interviewer",
      entityId: id,
      before: { active: before.active === 1 },
      after: { active: active === 1 },
    });
    return toInterviewerDto(after);
  });
}

/** Slots keep their copied interviewer name, e-mail and phone (spec §3), so history stays readable. */
export async function removeInterviewer(deps: AppDeps, actorEmail: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findInterviewerById(trx, id);
    if (!before) throw new AppError("NOT_FOUND", "That interviewer no longer exists.");
    await deleteInterviewer(trx, id);
    await recordAudit(trx, {
      actorEmail,
      action: "delete",
      entity: "interviewer",
      entityId: id,
      before: toInterviewerDto(before),
      after: null,
    });
  });
}
