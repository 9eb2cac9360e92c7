import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_INTERNSHIP_TITLE } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import {
  type InternshipDto,
  internshipInputSchema,
  internshipProblem,
  internshipSchema,
  normalizeCapacity,
} from "../../../shared/schemas/admin.js";
import type { InternshipsTable } from "../../db/schema.js";
import { requireAdmin } from "../../plugins/auth.js";
import { recordAudit } from "../audit/repository.js";
import { countSeatsTaken, hasPaidBookings } from "../seats/repository.js";

const params = z.object({ id: z.string().min(1) });

export const internshipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus } = app.deps;

  const toDtos = async (rows: InternshipsTable[]): Promise<InternshipDto[]> => {
    const taken = await countSeatsTaken(
      db,
      rows.map((r) => r.id),
      new Date().toISOString(),
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      mentor: r.mentor,
      startDate: r.start_date,
      weeks: r.weeks,
      weekPlans: JSON.parse(r.week_plans) as InternshipDto["weekPlans"],
      trackKey: r.track_key,
      capacity: r.capacity,
      seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
      meetingLink: r.meeting_link,
    }));
  };

  const values = (input: z.infer<typeof internshipInputSchema>) => {
    const problem = internshipProblem(input);
    if (problem) throw new AppError("VALIDATION", problem);
    return {
      title: input.title || DEFAULT_INTERNSHIP_TITLE,
      mentor: input.mentor,
      start_date: input.startDate,
      weeks: input.weeks,
      week_plans: JSON.stringify(
        input.weekPlans.map((w) => ({ title: w.title.trim(), deliverables: w.deliverables.trim() })),
      ),
      track_key: input.trackKey,
      capacity: normalizeCapacity(input.capacity),
      meeting_link: input.meetingLink || null,
    };
  };

  app.get(
    "/api/admin/internships",
    {
      schema: {
        tags: ["admin"],
        summary: "Internships, newest start date first",
        response: { 200: z.object({ internships: z.array(internshipSchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return {
        internships: await toDtos(
          await db.selectFrom("internships").selectAll().orderBy("start_date", "desc").execute(),
        ),
      };
    },
  );
  app.post(
    "/api/admin/internships",
    {
      schema: {
        tags: ["admin"],
        summary: "Add an internship",
        body: internshipInputSchema,
        response: { 201: internshipSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const now = new Date().toISOString();
      const row: InternshipsTable = { id: randomUUID(), ...values(request.body), created_at: now, updated_at: now };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("internships").values(row).execute();
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "create",
          entity: "internship",
          entityId: row.id,
          before: null,
          after: row,
        });
      });
      await bus.publish({ topic: "internships" });
      const [dto] = await toDtos([row]);
      if (!dto) throw new AppError("INTERNAL", "The internship was not saved.");
      return reply.status(201).send(dto);
    },
  );
  app.put(
    "/api/admin/internships/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edit an internship",
        params,
        body: internshipInputSchema,
        response: { 200: internshipSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const change = { ...values(request.body), updated_at: new Date().toISOString() };
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("internships")
          .selectAll()
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!before) throw new AppError("NOT_FOUND", "That internship no longer exists.");
        await trx.updateTable("internships").set(change).where("id", "=", before.id).execute();
        const after = { ...before, ...change };
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "update",
          entity: "internship",
          entityId: before.id,
          before,
          after,
        });
        return after;
      });
      await bus.publish({ topic: "internships" });
      const [dto] = await toDtos([row]);
      if (!dto) throw new AppError("INTERNAL", "The internship was not saved.");
      return dto;
    },
  );
  app.delete(
    "/api/admin/internships/:id",
    { schema: { tags: ["admin"], summary: "Delete an internship nobody has paid for", params } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("internships")
          .selectAll()
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!before) throw new AppError("NOT_FOUND", "That internship no longer exists.");
        if (await hasPaidBookings(trx, before.id))
          throw new AppError("HAS_BOOKINGS", "Students have enrolled in this internship, so it cannot be deleted.");
        await trx.deleteFrom("holds").where("target_id", "=", before.id).execute();
        await trx.deleteFrom("internships").where("id", "=", before.id).execute();
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "delete",
          entity: "internship",
          entityId: before.id,
          before,
          after: null,
        });
      });
      await bus.publish({ topic: "internships" });
      return reply.status(204).send();
    },
  );
};
