import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CATALOG_LABELS, type CatalogKey } from "../../../shared/constants.js";
import { adminBookingSchema } from "../../../shared/schemas/admin.js";
import { zonedToInstant } from "../../../shared/time.js";
import { requireAdmin } from "../../plugins/auth.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every booking with its student, session and payment; filter by kind, status and session date. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.get(
    "/api/admin/bookings",
    {
      schema: {
        tags: ["admin"],
        summary: "Bookings with their payments (filters: kind, status, from/to session date)",
        querystring: z.object({
          kind: z.enum(["mock", "workshop", "internship"]).optional(),
          status: z.string().max(40).optional(),
          from: z.string().regex(DATE).optional(),
          to: z.string().regex(DATE).optional(),
        }),
        response: { 200: z.object({ bookings: z.array(adminBookingSchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { kind, status, from, to } = request.query;
      let query = db
        .selectFrom("bookings")
        .innerJoin("user", "user.id", "bookings.user_id")
        .leftJoin("slots", "slots.id", "bookings.target_id")
        .leftJoin("workshops", "workshops.id", "bookings.target_id")
        .leftJoin("internships", "internships.id", "bookings.target_id")
        .leftJoin("payments", "payments.booking_id", "bookings.id")
        .leftJoin("scorecards", "scorecards.booking_id", "bookings.id")
        .select([
          "bookings.id",
          "bookings.kind",
          "bookings.status",
          "bookings.package_key",
          "bookings.amount_paise",
          "bookings.flag",
          "bookings.attendance",
          "bookings.created_at",
          "user.email",
          "user.name",
          "slots.interviewer_name",
          "workshops.title as workshop_title",
          "internships.title as internship_title",
          "slots.start_at as slot_start",
          "workshops.start_at as workshop_start",
          "internships.start_date as internship_start",
          "payments.provider",
          "payments.order_id",
          "payments.payment_id",
          "payments.status as payment_status",
          "payments.refund_id",
          "scorecards.id as scorecard_id",
        ])
        .orderBy("bookings.created_at", "desc")
        .limit(500);
      if (kind) query = query.where("bookings.kind", "=", kind);
      if (status) query = query.where("bookings.status", "=", status as never);
      // A booking's target is in exactly one of the three tables, so each bound is an OR of the three.
      if (from) {
        const instant = zonedToInstant(from, "00:00", config.timeZone).toISOString();
        query = query.where((eb) =>
          eb.or([
            eb("slots.start_at", ">=", instant),
            eb("workshops.start_at", ">=", instant),
            eb("internships.start_date", ">=", from),
          ]),
        );
      }
      if (to) {
        const instant = zonedToInstant(to, "23:59", config.timeZone).toISOString();
        query = query.where((eb) =>
          eb.or([
            eb("slots.start_at", "<=", instant),
            eb("workshops.start_at", "<=", instant),
            eb("internships.start_date", "<=", to),
          ]),
        );
      }
      const rows = await query.execute();
      return {
        bookings: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          status: r.status,
          packageKey: r.package_key,
          title:
            r.kind === "mock"
              ? `${CATALOG_LABELS[r.package_key as CatalogKey] ?? r.package_key} mock with ${r.interviewer_name ?? "a deleted slot"}`
              : (r.workshop_title ?? r.internship_title ?? "Deleted session"),
          startAt:
            r.slot_start ?? r.workshop_start ?? (r.internship_start ? `${r.internship_start}T00:00:00.000Z` : null),
          studentEmail: r.email,
          studentName: r.name,
          amountPaise: r.amount_paise,
          flag: r.flag,
          attendance: r.attendance,
          hasScorecard: r.scorecard_id !== null,
          payment: r.order_id
            ? {
                provider: r.provider ?? "",
                orderId: r.order_id,
                paymentId: r.payment_id,
                status: r.payment_status ?? "",
                refundId: r.refund_id,
              }
            : null,
          createdAt: r.created_at,
        })),
      };
    },
  );
};
