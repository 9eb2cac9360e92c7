import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../../shared/errors.js";
import { API_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  roomCodeSchema,
  roomNoteInputSchema,
  roomNoteSchema,
  roomNotesPageSchema,
  roomNotesQuerySchema,
  roomParamsSchema,
  roomSchema,
} from "../../../shared/schemas/rooms.js";
import { requireUser } from "../../plugins/auth.js";
import { loadCodeState, readCode } from "./code.js";
import { RoomHub } from "./live.js";
import { addNote, enterRoom, findRoomAccess, listNotes, type RoomAccess, requireOpenRoom } from "./service.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on a room's live connection once it was let in (before the upgrade). */
    roomAccess?: RoomAccess;
  }
}

/** `/api/rooms/:bookingId…`: the interview room of a booked mock interview, its editor, notes and live connection. */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const hub = new RoomHub(deps);
  app.addHook("onClose", async () => hub.close());

  app.get(
    "/api/rooms/:bookingId",
    {
      schema: {
        tags: ["rooms"],
        summary: "Enters a session's room: role, window, STUN/TURN servers and the other person's name",
        params: roomParamsSchema,
        response: { 200: roomSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return enterRoom(deps, user, request.params.bookingId);
    },
  );

  app.get(
    "/api/rooms/:bookingId/code",
    {
      schema: {
        tags: ["rooms"],
        summary: "The shared editor's saved document, during the session or after it",
        params: roomParamsSchema,
        response: { 200: roomCodeSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return readCode(deps, user, request.params.bookingId);
    },
  );

  app.get(
    "/api/rooms/:bookingId/notes",
    {
      schema: {
        tags: ["rooms"],
        summary: "The interviewer's private notes of the session, oldest first, a page at a time",
        params: roomParamsSchema,
        querystring: roomNotesQuerySchema,
        response: { 200: roomNotesPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return listNotes(deps, user, request.params.bookingId, request.query);
    },
  );

  app.post(
    "/api/rooms/:bookingId/notes",
    {
      schema: {
        tags: ["rooms"],
        summary: "Adds a private note, timed from the session's start (interviewer, while the room is open)",
        params: roomParamsSchema,
        body: roomNoteInputSchema,
        response: { 201: roomNoteSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const note = await addNote(deps, user, request.params.bookingId, request.body.text);
      return reply.status(201).send(note);
    },
  );

  app.get(
    "/api/rooms/:bookingId/live",
    {
      websocket: true,
      schema: {
        tags: ["rooms"],
        summary:
          "The room's WebSocket: WebRTC negotiation with the other person and the shared editor's updates (101 Switching Protocols)",
        params: roomParamsSchema,
        response: errorResponses(400, 401, 403, 409),
      },
      preValidation: letIntoRoom,
    },
    async (socket, request) => {
      const access = request.roomAccess;
      if (!access) return socket.close();
      const user = request.sessionUser;
      const session = user ? { userId: user.id, sessionId: user.sessionId } : undefined;
      await hub.join(access.booking, access.role, session, socket, () => loadCodeState(deps, access.booking.bookingId));
    },
  );
};

/**
 * Before the upgrade: only our own pages may open a room's connection (a WebSocket is not bound
 * by CORS, docs/security.md), and only its two people, inside its window.
 */
async function letIntoRoom(request: FastifyRequest): Promise<void> {
  const { deps } = request.server;
  if (request.headers.origin !== deps.config.publicUrl) throw new AppError("CROSS_SITE", API_MESSAGES.crossSite);
  const user = await requireUser(request);
  const { bookingId } = request.params as { bookingId: string };
  const access = await findRoomAccess(deps, user, bookingId);
  requireOpenRoom(deps, access.booking, Date.now());
  request.roomAccess = access;
}
