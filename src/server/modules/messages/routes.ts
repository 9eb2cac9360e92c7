import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { contactMessageSchema } from "../../../shared/schemas/admin.js";
import { requireAdmin } from "../../plugins/auth.js";
import { recordAudit } from "../audit/repository.js";

/** The contact-form inbox: newest first, with a count of what is still to be answered. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    "/api/admin/messages",
    {
      schema: {
        tags: ["admin"],
        summary: "Contact messages, newest first, and how many are unhandled",
        response: { 200: z.object({ messages: z.array(contactMessageSchema), unhandled: z.number().int() }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const [rows, count] = await Promise.all([
        db.selectFrom("contact_messages").selectAll().orderBy("created_at", "desc").limit(500).execute(),
        db
          .selectFrom("contact_messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("handled_at", "is", null)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        unhandled: Number(count.n),
        messages: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          subject: r.subject,
          message: r.message,
          handled: r.handled_at !== null,
          createdAt: r.created_at,
        })),
      };
    },
  );
  app.post(
    "/api/admin/messages/:id/handled",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark a message handled or not",
        params: z.object({ id: z.string().min(1) }),
        body: z.object({ handled: z.boolean() }),
        response: { 200: z.object({ handled: z.boolean() }) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const handledAt = request.body.handled ? new Date().toISOString() : null;
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("contact_messages")
          .set({ handled_at: handledAt })
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new AppError("NOT_FOUND", "That message no longer exists.");
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "update",
          entity: "message",
          entityId: request.params.id,
          before: null,
          after: { handled: request.body.handled },
        });
      });
      return { handled: request.body.handled };
    },
  );
};
