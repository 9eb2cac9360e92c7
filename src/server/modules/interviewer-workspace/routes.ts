import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarFeedSchema, interviewerSessionsSchema } from "../../../shared/schemas/interviewer.js";
import {
  adminScorecardViewSchema,
  outcomeInputSchema,
  scorecardInputSchema,
  scorecardSchema,
} from "../../../shared/schemas/scorecards.js";
import { getAdminScorecardView, markOutcome, saveScorecard } from "../scorecards/service.js";
import { calendarFeed, calendarFeedUrl, listSessions, requireInterviewer, requireOwnSession } from "./service.js";

const bookingParams = z.object({ id: z.string() });

/**
 * `/api/interviewer/*`: an interviewer's own sessions, their scorecards and outcomes (the same
 * rules as the admin's, on their own sessions only), and their private calendar feed.
 */
export const interviewerWorkspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/interviewer/sessions",
    {
      schema: {
        tags: ["interviewer"],
        summary: "The signed-in interviewer's upcoming and past sessions",
        response: { 200: interviewerSessionsSchema },
      },
    },
    async (request, reply) => {
      const { interviewer } = await requireInterviewer(deps, request);
      reply.header("cache-control", "no-store");
      return listSessions(deps, interviewer);
    },
  );

  await app.register(sessionWorkRoutes);

  app.get(
    "/api/interviewer/calendar",
    {
      schema: {
        tags: ["interviewer"],
        summary: "The interviewer's private calendar-feed URL (made on first request)",
        response: { 200: calendarFeedSchema },
      },
    },
    async (request, reply) => {
      const { interviewer } = await requireInterviewer(deps, request);
      reply.header("cache-control", "no-store");
      return { url: await calendarFeedUrl(deps, interviewer) };
    },
  );

  app.post(
    "/api/interviewer/calendar",
    {
      schema: {
        tags: ["interviewer"],
        summary: "Replaces the calendar-feed URL; the old one stops working",
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => {
      const { interviewer } = await requireInterviewer(deps, request);
      return { url: await calendarFeedUrl(deps, interviewer, true) };
    },
  );

  app.get(
    "/api/interviewer/calendar/:file",
    {
      schema: {
        tags: ["interviewer"],
        summary: "The iCalendar feed calendar apps poll; the token in the URL is the only credential",
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.ics$/) }),
      },
      config: { secretInPath: true },
    },
    async (request, reply) => {
      const feed = await calendarFeed(deps, request.params.file.replace(/\.ics$/, ""));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .header("referrer-policy", "no-referrer")
        .send(feed);
    },
  );
};

/** Scorecards and outcomes of the interviewer's own sessions, under the admin's rules. */
const sessionWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/interviewer/bookings/:id/scorecard",
    {
      schema: {
        tags: ["interviewer", "scorecards"],
        summary: "One of the interviewer's sessions with its scorecard (or null) and the areas it is scored on",
        params: bookingParams,
        response: { 200: adminScorecardViewSchema },
      },
    },
    async (request) => {
      const { interviewer } = await requireInterviewer(deps, request);
      await requireOwnSession(deps, interviewer, request.params.id);
      return getAdminScorecardView(deps, request.params.id);
    },
  );

  app.put(
    "/api/interviewer/bookings/:id/scorecard",
    {
      schema: {
        tags: ["interviewer", "scorecards"],
        summary: "Writes the scorecard of one of the interviewer's past sessions; marks it completed",
        params: bookingParams,
        body: scorecardInputSchema,
        response: { 200: scorecardSchema },
      },
    },
    async (request) => {
      const { user, interviewer } = await requireInterviewer(deps, request);
      await requireOwnSession(deps, interviewer, request.params.id);
      return saveScorecard(deps, user, request.params.id, request.body);
    },
  );

  app.post(
    "/api/interviewer/bookings/:id/outcome",
    {
      schema: {
        tags: ["interviewer", "scorecards"],
        summary: "Marks one of the interviewer's past sessions completed or no-show",
        params: bookingParams,
        body: outcomeInputSchema,
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (request) => {
      const { user, interviewer } = await requireInterviewer(deps, request);
      await requireOwnSession(deps, interviewer, request.params.id);
      return { status: await markOutcome(deps, user, request.params.id, request.body.outcome) };
    },
  );
};
