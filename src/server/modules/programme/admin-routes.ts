import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { internshipTrackSchema } from "../../../shared/schemas/catalog.js";
import {
  attendanceResultSchema,
  capstoneInputSchema,
  demoDayInputSchema,
  mentorTrackInputSchema,
  moveMentorInputSchema,
  rosterSchema,
} from "../../../shared/schemas/programme.js";
import { adminOf } from "../admins/guard.js";
import {
  batchRoster,
  listMentorCandidates,
  markDemoAttended,
  moveStudent,
  scheduleDemoDay,
  setMentorTrackAsAdmin,
  setWorkshopCapstone,
} from "./admin.js";

const tags = ["admin", "programme"];
const idParams = z.object({ id: z.string().min(1).max(64) });
const bookingParams = z.object({ bookingId: z.string().min(1).max(64) });
const mentorSchema = z.object({ id: z.string(), name: z.string(), trackKey: internshipTrackSchema.nullable() });

/** The console's side of the programme: rosters, mentors, demo days and capstones. */
export const programmeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/admin/internships/:id/roster",
    {
      schema: {
        tags,
        summary: "A batch's students with progress and mentor, its mentors and its demo day",
        params: idParams,
        response: { 200: rosterSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      return batchRoster(deps, request.params.id);
    },
  );

  app.put(
    "/api/admin/programme/:bookingId/mentor",
    {
      schema: {
        tags,
        summary: "Moves a student to another mentor of the batch's track",
        params: bookingParams,
        body: moveMentorInputSchema,
        response: { 200: rosterSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return moveStudent(deps, admin, request.params.bookingId, request.body.mentorId);
    },
  );

  app.put(
    "/api/admin/internships/:id/demo-day",
    {
      schema: {
        tags,
        summary: "Schedules the batch's demo day, its last session",
        params: idParams,
        body: demoDayInputSchema,
        response: { 200: rosterSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return scheduleDemoDay(deps, admin, request.params.id, request.body);
    },
  );

  app.post(
    "/api/admin/programme/:bookingId/demo-attendance",
    {
      schema: {
        tags,
        summary: "Records demo-day attendance; with every milestone approved, issues the certificate",
        params: bookingParams,
        response: { 200: attendanceResultSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return markDemoAttended(deps, admin, request.params.bookingId);
    },
  );

  await app.register(mentorAdminRoutes);
};

/** Which interviewers mentor which track, and workshop capstones. */
const mentorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/admin/mentors",
    {
      schema: {
        tags,
        summary: "Every interviewer with the track they mentor (null: not a mentor), by name",
        response: { 200: z.object({ interviewers: z.array(mentorSchema) }), ...errorResponses(401, 403) },
      },
    },
    async () => {
      return { interviewers: await listMentorCandidates(deps) };
    },
  );

  app.put(
    "/api/admin/interviewers/:id/mentor-track",
    {
      schema: {
        tags,
        summary: "Marks an interviewer as a mentor of a track, or no longer a mentor",
        params: idParams,
        body: mentorTrackInputSchema,
        response: { 200: mentorSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return setMentorTrackAsAdmin(deps, admin, request.params.id, request.body.trackKey);
    },
  );

  app.put(
    "/api/admin/workshops/:id/capstone",
    {
      schema: {
        tags,
        summary: "Sets a workshop's capstone brief and deadline",
        params: idParams,
        body: capstoneInputSchema,
        response: { 200: capstoneInputSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return setWorkshopCapstone(deps, admin, request.params.id, request.body);
    },
  );
};
