import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { calendarFeedSchema, interviewerSessionsSchema } from "../../../shared/schemas/interviewer.js";
import { fileResponse, signedIn } from "../../plugins/api-document.js";
import { scorecardWorkRoutes } from "../scorecards/routes.js";
import { calendarFeed, calendarFeedUrl, listSessions, requireInterviewer, requireOwnSession } from "./service.js";

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
        operationId: "listInterviewerSessions",
        security: signedIn,
        tags: ["interviewer"],
        summary: "The signed-in interviewer's upcoming and past sessions",
        response: { 200: interviewerSessionsSchema, ...errorResponses(403) },
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
        operationId: "getInterviewerCalendarFeed",
        security: signedIn,
        tags: ["interviewer"],
        summary: "The interviewer's private calendar-feed URL (made on first request)",
        response: { 200: calendarFeedSchema, ...errorResponses(403) },
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
        operationId: "renewInterviewerCalendarFeed",
        security: signedIn,
        tags: ["interviewer"],
        summary: "Replaces the calendar-feed URL; the old one stops working",
        response: { 200: calendarFeedSchema, ...errorResponses(403) },
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
        operationId: "downloadInterviewerCalendar",
        response: {
          200: fileResponse("text/calendar", "The interviewer's sessions as an iCalendar feed"),
          ...errorResponses(404),
        },
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
const sessionWorkRoutes = scorecardWorkRoutes({
  prefix: "/api/interviewer",
  operationAudience: "Interviewer",
  tag: "interviewer",
  actor: async (request, bookingId) => {
    const { user, interviewer } = await requireInterviewer(request.server.deps, request);
    await requireOwnSession(request.server.deps, interviewer, bookingId);
    return user;
  },
  summaries: {
    view: "One of the interviewer's sessions with its scorecard (or null) and the areas it is scored on",
    save: "Writes the scorecard of one of the interviewer's past sessions; marks it completed",
    outcome: "Marks one of the interviewer's past sessions completed or no-show",
  },
});
