import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { bookingConfirmationSchema } from "../../../shared/schemas/confirmation.js";
import { cancelInputSchema, changedSessionSchema } from "../../../shared/schemas/dashboard.js";
import { fileResponse, signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { cancelOwnBooking } from "../cancellations/service.js";
import { findBookingSession } from "../sessions/index.js";
import { buildSessionIcs } from "../sessions/invite.js";
import { getBookingConfirmation, getDashboardSession } from "./service.js";

/** A student's own booking (`/api/me/bookings/:id/…`): its confirmation page, its calendar file and cancelling it. */
export const myBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/bookings/:id/confirmation",
    {
      schema: {
        operationId: "getBookingConfirmation",
        security: signedIn,
        tags: ["booking"],
        summary: "A confirmed booking as the confirmation page shows it: what, when, with whom, paid, calendar",
        params: z.object({ id: z.string().min(1) }),
        response: { 200: bookingConfirmationSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return getBookingConfirmation(app.deps, user, request.params.id);
    },
  );

  app.get(
    "/api/me/bookings/:id/calendar.ics",
    {
      schema: {
        operationId: "downloadBookingCalendar",
        security: signedIn,
        response: { 200: fileResponse("text/calendar", "The session as an iCalendar invite"), ...errorResponses(404) },
        tags: ["dashboard"],
        summary: "The session as an .ics calendar file (same UID as the e-mailed invite)",
        params: z.object({ id: z.string() }),
        produces: ["text/calendar"],
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const session = await findBookingSession(app.deps.db, app.deps.config.timeZone, request.params.id);
      if (!session || session.userId !== user.id || !["confirmed", "cancelled"].includes(session.status)) {
        throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
      }
      const ics = buildSessionIcs(app.deps, session, session.status === "cancelled" ? "CANCEL" : "REQUEST");
      return reply
        .type("text/calendar; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="careerprep-${session.kind}-${session.startAt.slice(0, 10)}.ics"`,
        )
        .header("cache-control", "no-store")
        .send(ics);
    },
  );

  app.post(
    "/api/me/bookings/:id/cancel",
    {
      schema: {
        operationId: "cancelMyBooking",
        security: signedIn,
        tags: ["dashboard"],
        summary: "Cancels the student's own booking up to 12 hours before it starts, with a full refund",
        params: z.object({ id: z.string() }),
        body: cancelInputSchema,
        response: { 200: changedSessionSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await cancelOwnBooking(app.deps, user, request.params.id, request.body.reason || null);
      return { session: await getDashboardSession(app.deps, user, request.params.id) };
    },
  );
};
