import type { AuditPageDto } from "../../../shared/schemas/audit.js";
import type { AppDeps } from "../../app.js";
import { findAuditEntries } from "./repository.js";

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The newest `limit` entries (of one entity, when given) and whether older ones exist. */
export async function readAuditLog(deps: AppDeps, filter: { entity?: string | undefined; limit: number }) {
  const rows = await findAuditEntries(deps.db, { entity: filter.entity || undefined, limit: filter.limit + 1 });
  const page: AuditPageDto = {
    more: rows.length > filter.limit,
    entries: rows.slice(0, filter.limit).map((r) => ({
      id: r.id,
      actorEmail: r.actor_email,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: parse(r.before),
      after: parse(r.after),
      createdAt: r.created_at,
    })),
  };
  return page;
}
