import { type AuditBooking, auditSubject } from "../../../shared/audit-subject.js";
import type { AuditPageDto } from "../../../shared/schemas/audit.js";
import type { AppDeps } from "../../app-deps.js";
import { findBookingSession } from "../sessions/repository.js";
import { findAuditEntries } from "./repository.js";

/** A stored snapshot: recordAudit only takes objects (or null), so that is what comes back. */
const parse = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/** The sessions and students of the bookings (and scorecards) a page of entries mentions, by booking id. */
async function bookingsMentioned(deps: AppDeps, ids: string[]): Promise<Map<string, AuditBooking>> {
  const found = new Map<string, AuditBooking>();
  for (const id of new Set(ids)) {
    const session = await findBookingSession(deps.db, deps.config.timeZone, id);
    if (session) {
      const title = session.interviewerName ? `${session.title} with ${session.interviewerName}` : session.title;
      found.set(id, { title, startAt: session.startAt, student: session.userName || session.userEmail });
    }
  }
  return found;
}

/** The newest `limit` entries (of one entity, when given) and whether older ones exist. */
export async function readAuditLog(deps: AppDeps, filter: { entity?: string | undefined; limit: number }) {
  const rows = await findAuditEntries(deps.db, { entity: filter.entity || undefined, limit: filter.limit + 1 });
  const page = rows.slice(0, filter.limit);
  const bookings = await bookingsMentioned(
    deps,
    page.flatMap((r) => ((r.entity === "booking" || r.entity === "scorecard") && r.entity_id ? [r.entity_id] : [])),
  );
  const result: AuditPageDto = {
    more: rows.length > filter.limit,
    entries: page.map((r) => {
      const entry = { entity: r.entity, entityId: r.entity_id, before: parse(r.before), after: parse(r.after) };
      return {
        id: r.id,
        actorEmail: r.actor_email,
        action: r.action,
        ...entry,
        subject: auditSubject(entry, deps.config.timeZone, r.entity_id ? bookings.get(r.entity_id) : undefined),
        createdAt: r.created_at,
      };
    }),
  };
  return result;
}
