import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../../../shared/email.js";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES } from "../../../shared/messages.js";
import { adminSchema, auditEntrySchema } from "../../../shared/schemas/admin.js";
import { requireAdmin } from "../../plugins/auth.js";
import { findAuditEntries, recordAudit } from "../audit/repository.js";
import { countAdmins, deleteAdmin, findAllAdmins, insertAdmin } from "./repository.js";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    "/api/admin/admins",
    { schema: { tags: ["admin"], summary: "Admins", response: { 200: z.object({ admins: z.array(adminSchema) }) } } },
    async (request) => {
      await requireAdmin(request);
      return {
        admins: (await findAllAdmins(db)).map((a) => ({
          email: a.email,
          addedBy: a.added_by,
          createdAt: a.created_at,
        })),
      };
    },
  );
  app.post(
    "/api/admin/admins",
    {
      schema: {
        tags: ["admin"],
        summary: "Add an admin by e-mail",
        body: z.object({ email: z.string().refine(isValidEmail, { message: MESSAGES.invalidEmail }) }),
        response: { 201: adminSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const email = normalizeEmail(request.body.email);
      await db.transaction().execute(async (trx) => {
        if (!(await insertAdmin(trx, email, admin.email)))
          throw new AppError("CONFLICT", `${email} is already an admin.`);
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "create",
          entity: "admin",
          entityId: email,
          before: null,
          after: { email },
        });
      });
      return reply.status(201).send({ email, addedBy: admin.email, createdAt: new Date().toISOString() });
    },
  );
  app.delete(
    "/api/admin/admins/:email",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove an admin (never the last one)",
        params: z.object({ email: z.string().min(1) }),
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const email = normalizeEmail(request.params.email);
      await db.transaction().execute(async (trx) => {
        if ((await countAdmins(trx)) <= 1)
          throw new AppError("LAST_ADMIN", "The last admin cannot be removed. Add another admin first.");
        if (!(await deleteAdmin(trx, email))) throw new AppError("NOT_FOUND", `${email} is not an admin.`);
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "delete",
          entity: "admin",
          entityId: email,
          before: { email },
          after: null,
        });
      });
      return reply.status(204).send();
    },
  );
  app.get(
    "/api/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log of admin changes, newest first",
        querystring: z.object({
          entity: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(500).default(200),
        }),
        response: { 200: z.object({ entries: z.array(auditEntrySchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const rows = await findAuditEntries(db, {
        entity: request.query.entity || undefined,
        limit: request.query.limit,
      });
      return {
        entries: rows.map((r) => ({
          id: r.id,
          actorEmail: r.actor_email,
          action: r.action,
          entity: r.entity,
          entityId: r.entity_id,
          before: r.before ? (JSON.parse(r.before) as unknown) : null,
          after: r.after ? (JSON.parse(r.after) as unknown) : null,
          createdAt: r.created_at,
        })),
      };
    },
  );
};
