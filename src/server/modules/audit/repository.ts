import { randomUUID } from "node:crypto";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Executor } from "../../db/database.js";

export interface AuditRecord {
  actorEmail: string;
  /** create, update, delete, toggle, overwrite, pricing, cancel…: what the admin did. */
  action: string;
  /** slot, interviewer, internship, workshop, pricing, message, admin, booking…: what it was done to. */
  entity: string;
  entityId: string | null;
  /** The record before and after the change (stored as JSON), or null when there is none. */
  before: object | null;
  after: object | null;
}

const toJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** One row per admin write: who, what, before, after, when. Call it inside the write's transaction. */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      actor_email: record.actorEmail,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      before: toJson(record.before),
      after: toJson(record.after),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * Newest first, optionally of one entity, older than `before` (the previous page's last entry). Compiled
 * once per filters given and prepared on PostgreSQL (compiled-statements.ts): the console reads a page at
 * every visit of its audit tab.
 */
export function findAuditEntries(
  db: Executor,
  filter: { entity?: string | undefined; before?: { createdAt: string; id: string } | undefined; limit: number },
) {
  const { before } = filter;
  const values = {
    limit: filter.limit,
    ...(filter.entity ? { entity: filter.entity } : {}),
    ...(before ? { beforeCreatedAt: before.createdAt, beforeId: before.id } : {}),
  };
  return readCompiled(db, `audit entries ${Object.keys(values).join(",")}`, values, (v) => {
    let query = db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(v.limit);
    if (v.entity !== undefined) query = query.where("entity", "=", v.entity);
    if (v.beforeCreatedAt !== undefined && v.beforeId !== undefined) {
      const [createdAt, id] = [v.beforeCreatedAt, v.beforeId];
      query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(createdAt, id)));
    }
    return query;
  });
}
