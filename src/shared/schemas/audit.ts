import { z } from "zod";
import { MAX_PAGE_SIZE, nextCursorSchema, PAGE_SIZE, pageQuerySchema } from "./pagination.js";

/** What the audit log can be filtered by: every entity an admin write records. */
export const AUDIT_ENTITIES = [
  "slot",
  "interviewer",
  "internship",
  "workshop",
  "pricing",
  "topic",
  "message",
  "admin",
  "booking",
  "scorecard",
  "certificate",
] as const;

/**
 * Fifty entries a page, as every list of the console: each entry carries its before and after and
 * names its booking, so a page of a hundred cost twice as much to read and send (docs/benchmarks.md, Scale).
 */
export const AUDIT_PAGE_SIZE = PAGE_SIZE;

/** Newest first, a page at a time: "Show older entries" asks for the page after `nextCursor`. */
export const auditQuerySchema = pageQuerySchema.extend({
  /** One of AUDIT_ENTITIES, or one a newer module records; empty means every entity. */
  entity: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What changed, named ("Slot Wed 25 Nov 19:00, Rahul Menon"), not its id. */
  subject: z.string(),
  /** The record as stored before and after the change (null when created or deleted). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: nextCursorSchema });
export type AuditPageDto = z.infer<typeof auditPageSchema>;
