import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import {
  adminScorecardViewSchema,
  outcomeInputSchema,
  scorecardInputSchema,
  scorecardSchema,
} from "../../../shared/schemas/scorecards.js";
import { requireUser } from "../../plugins/auth.js";
import { requireAdmin } from "../admins/guard.js";
import { toScorecard } from "./mapping.js";
import { findScorecardOfUserBooking } from "./repository.js";
import { getAdminScorecardView, markOutcome, saveScorecard } from "./service.js";

const bookingParams = z.object({ id: z.string() });

export const scorecardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/admin/bookings/:id/scorecard",
    {
      schema: {
        tags: ["admin", "scorecards"],
        summary: "A booking's scorecard (or null) with the areas its package is scored on",
        params: bookingParams,
        response: { 200: adminScorecardViewSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getAdminScorecardView(deps, request.params.id);
    },
  );

  app.put(
    "/api/admin/bookings/:id/scorecard",
    {
      schema: {
        tags: ["admin", "scorecards"],
        summary: "Enters or updates the scorecard of a mock interview; marks it completed and tells the student",
        params: bookingParams,
        body: scorecardInputSchema,
        response: { 200: scorecardSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return saveScorecard(deps, admin, request.params.id, request.body);
    },
  );

  app.post(
    "/api/admin/bookings/:id/outcome",
    {
      schema: {
        tags: ["admin", "scorecards"],
        summary: "Marks a past session completed or no-show",
        params: bookingParams,
        body: outcomeInputSchema,
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const status = await markOutcome(deps, admin, request.params.id, request.body.outcome);
      return { status };
    },
  );

  app.get(
    "/api/me/bookings/:id/scorecard",
    {
      schema: {
        tags: ["dashboard", "scorecards"],
        summary: "The scorecard of one of the signed-in student's own bookings",
        params: bookingParams,
        response: { 200: scorecardSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await findScorecardOfUserBooking(deps.db, user.id, request.params.id);
      // Someone else's booking answers exactly like a missing one.
      if (!row) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
      return toScorecard(row, row.package_key);
    },
  );
};
