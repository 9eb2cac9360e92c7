import { normalizeEmail } from "../../../shared/email.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, API_MESSAGES } from "../../../shared/messages.js";
import type { AdminDto } from "../../../shared/schemas/admins.js";
import type { AppDeps } from "../../app-deps.js";
import type { AdminsTable } from "../../db/schema.js";
import { recordAudit } from "../audit/index.js";
import { deleteAdmin, findAdmin, findAllAdmins, insertAdmin, lockAllAdminEmails } from "./repository.js";

const toAdminDto = (row: AdminsTable): AdminDto => ({
  email: row.email,
  addedBy: row.added_by,
  createdAt: row.created_at,
});

export async function listAdmins(deps: AppDeps): Promise<AdminDto[]> {
  return (await findAllAdmins(deps.db)).map(toAdminDto);
}

/** Admins are keyed by lower-cased e-mail (docs/product.md, Admins); the person signs in with that address. */
export async function addAdmin(deps: AppDeps, actorEmail: string, email: string): Promise<AdminDto> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await insertAdmin(trx, email, actorEmail)))
      throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyAdmin(email));
    const row = await findAdmin(trx, email);
    if (!row) throw new AppError("INTERNAL", API_MESSAGES.notSaved("admin"));
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "admin",
      entityId: email,
      before: null,
      after: row,
    });
    return toAdminDto(row);
  });
}

/** Never the last admin, so never yourself unless another admin remains (409 LAST_ADMIN). */
export async function removeAdmin(deps: AppDeps, actorEmail: string, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await deps.db.transaction().execute(async (trx) => {
    const admins = await lockAllAdminEmails(trx, deps.dialect);
    if (!admins.includes(email)) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notAnAdmin(email));
    if (admins.length <= 1) throw new AppError("LAST_ADMIN", ADMIN_MESSAGES.lastAdmin);
    const before = await findAdmin(trx, email);
    await deleteAdmin(trx, email);
    await recordAudit(trx, {
      actorEmail,
      action: "delete",
      entity: "admin",
      entityId: email,
      before: before ?? null,
      after: null,
    });
  });
}
