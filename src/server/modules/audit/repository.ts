import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";

type Executor = Db | Transaction<Database>;

export interface AuditRecord {
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

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
      before: record.before === null || record.before === undefined ? null : JSON.stringify(record.before),
      after: record.after === null || record.after === undefined ? null : JSON.stringify(record.after),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function findAuditEntries(db: Db, filter: { entity?: string | undefined; limit: number }) {
  let query = db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id").limit(filter.limit);
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  return query.execute();
}
