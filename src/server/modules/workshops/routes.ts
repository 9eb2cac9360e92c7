import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import {
  normalizeCapacity,
  type WorkshopDto,
  workshopInputSchema,
  workshopProblem,
  workshopSchema,
} from "../../../shared/schemas/admin.js";
import type { WorkshopsTable } from "../../db/schema.js";
import { requireAdmin } from "../../plugins/auth.js";
import { recordAudit } from "../audit/repository.js";
import { countPaidBookings, countSeatsTaken, hasPaidBookings } from "../seats/repository.js";

const params = z.object({ id: z.string().min(1) });

export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus, config } = app.deps;

  const toDtos = async (rows: WorkshopsTable[]): Promise<WorkshopDto[]> => {
    const ids = rows.map((r) => r.id);
    const [taken, booked] = await Promise.all([
      countSeatsTaken(db, ids, new Date().toISOString()),
      countPaidBookings(db, ids),
    ]);
    return rows.map((r) => ({
      id: r.id,
      topicKey: r.topic_key,
      title: r.title,
      level: r.level,
      startAt: r.start_at,
      endAt: r.end_at,
      capacity: r.capacity,
      seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
      booked: booked.get(r.id) ?? 0,
      status: r.status as WorkshopDto["status"],
      meetingLink: r.meeting_link,
      cancelledAt: r.cancelled_at,
    }));
  };

  const values = (input: z.infer<typeof workshopInputSchema>) => {
    const timing = workshopProblem(input, new Date(), config.timeZone);
    if ("message" in timing) throw new AppError("VALIDATION", timing.message);
    return {
      topic_key: input.topicKey,
      title: input.title,
      level: input.level,
      start_at: timing.startAt,
      end_at: timing.endAt,
      capacity: normalizeCapacity(input.capacity),
      status: input.status,
      meeting_link: input.meetingLink || null,
    };
  };

  app.get(
    "/api/admin/workshops",
    {
      schema: {
        tags: ["admin"],
        summary: "Workshop sessions, latest first",
        response: { 200: z.object({ workshops: z.array(workshopSchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return {
        workshops: await toDtos(
          await db.selectFrom("workshops").selectAll().orderBy("start_at", "desc").limit(500).execute(),
        ),
      };
    },
  );
  app.post(
    "/api/admin/workshops",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a workshop session",
        body: workshopInputSchema,
        response: { 201: workshopSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const now = new Date().toISOString();
      const row: WorkshopsTable = {
        id: randomUUID(),
        ...values(request.body),
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("workshops").values(row).execute();
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "create",
          entity: "workshop",
          entityId: row.id,
          before: null,
          after: row,
        });
      });
      await bus.publish({ topic: "workshops", workshopId: row.id });
      const [dto] = await toDtos([row]);
      if (!dto) throw new AppError("INTERNAL", "The workshop was not saved.");
      return reply.status(201).send(dto);
    },
  );
  app.put(
    "/api/admin/workshops/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edit a workshop session",
        params,
        body: workshopInputSchema,
        response: { 200: workshopSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const change = { ...values(request.body), updated_at: new Date().toISOString() };
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("workshops")
          .selectAll()
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!before) throw new AppError("NOT_FOUND", "That workshop no longer exists.");
        await trx.updateTable("workshops").set(change).where("id", "=", before.id).execute();
        const after = { ...before, ...change };
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "update",
          entity: "workshop",
          entityId: before.id,
          before,
          after,
        });
        return after;
      });
      await bus.publish({ topic: "workshops", workshopId: row.id });
      const [dto] = await toDtos([row]);
      if (!dto) throw new AppError("INTERNAL", "The workshop was not saved.");
      return dto;
    },
  );
  app.delete(
    "/api/admin/workshops/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a workshop session without paid bookings (409 HAS_BOOKINGS otherwise)",
        params,
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("workshops")
          .selectAll()
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!before) throw new AppError("NOT_FOUND", "That workshop no longer exists.");
        if (await hasPaidBookings(trx, before.id))
          throw new AppError("HAS_BOOKINGS", "This workshop has confirmed bookings. Cancel it instead of deleting it.");
        await trx.deleteFrom("holds").where("target_id", "=", before.id).execute();
        await trx.deleteFrom("workshops").where("id", "=", before.id).execute();
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "delete",
          entity: "workshop",
          entityId: before.id,
          before,
          after: null,
        });
      });
      await bus.publish({ topic: "workshops", workshopId: request.params.id });
      return reply.status(204).send();
    },
  );
};
