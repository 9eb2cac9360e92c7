import { z } from "zod";
import { type AuditBooking, auditSubject } from "../../../shared/audit-subject.js";
import type { CatalogLabeler } from "../../../shared/catalog-label.js";
import type { AuditPageDto } from "../../../shared/schemas/audit.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import { findAuditEntries } from "../audit/index.js";
import { findCatalogLabels } from "../catalog/index.js";
import { findBookingSubjects } from "../sessions/index.js";

/** A stored snapshot: recordAudit only takes objects (or null), so that is what comes back. */
const parse = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/** The sessions and students of the bookings (and scorecards) a page of entries mentions, by booking id. */
async function bookingsMentioned(
  deps: AppDeps,
  ids: string[],
  label: CatalogLabeler,
): Promise<Map<string, AuditBooking>> {
  const found = new Map<string, AuditBooking>();
  for (const subject of await findBookingSubjects(deps.db, deps.config.timeZone, [...new Set(ids)], label)) {
    const { title, interviewerName, startAt, student } = subject;
    found.set(subject.bookingId, {
      title: interviewerName ? `${title} with ${interviewerName}` : title,
      startAt,
      student,
    });
  }
  return found;
}

const positionSchema = z.tuple([z.string().max(40), z.string().max(64)]);

/** A page of entries, newest first (of one entity, when given), and where the next page starts. */
export async function readAuditLog(deps: AppDeps, query: { entity?: string | undefined } & PageQuery) {
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  // The catalog's names in the same round trip as the entries (reads are pipelined on PostgreSQL).
  const [rows, label] = await Promise.all([
    findAuditEntries(deps.db, {
      entity: query.entity || undefined,
      before: position ? { createdAt: position[0], id: position[1] } : undefined,
      limit: query.limit + 1,
    }),
    findCatalogLabels(deps.db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const bookings = await bookingsMentioned(
    deps,
    page.flatMap((r) => ((r.entity === "booking" || r.entity === "scorecard") && r.entity_id ? [r.entity_id] : [])),
    label,
  );
  const result: AuditPageDto = {
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
    entries: page.map((r) => {
      const entry = { entity: r.entity, entityId: r.entity_id, before: parse(r.before), after: parse(r.after) };
      return {
        id: r.id,
        actorEmail: r.actor_email,
        action: r.action,
        ...entry,
        subject: auditSubject(entry, deps.config.timeZone, r.entity_id ? bookings.get(r.entity_id) : undefined, label),
        createdAt: r.created_at,
      };
    }),
  };
  return result;
}
