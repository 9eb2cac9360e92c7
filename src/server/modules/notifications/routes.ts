import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { API_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  type NotificationType,
  notificationListSchema,
  unreadCountSchema,
} from "../../../shared/schemas/notifications.js";
import { fileResponse, signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import {
  countUnreadNotifications,
  findNotificationsByUser,
  markAllNotificationsRead,
  markNotificationRead,
  notificationExists,
} from "./repository.js";
import { announceNotification } from "./service.js";

const NOTIFICATION_PAGE = 30;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus } = app.deps;

  app.get(
    "/api/notifications",
    {
      schema: {
        operationId: "listNotifications",
        security: signedIn,
        tags: ["notifications"],
        summary: "The signed-in user's latest notifications and unread count",
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      const [rows, unreadCount] = await Promise.all([
        findNotificationsByUser(db, user.id, NOTIFICATION_PAGE),
        countUnreadNotifications(db, user.id),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        // Only addNotification writes this table, with a NotificationType.
        type: row.type as NotificationType,
        title: row.title,
        body: row.body,
        link: row.link,
        readAt: row.read_at,
        createdAt: row.created_at,
      }));
      return { items, unreadCount };
    },
  );

  app.post(
    "/api/notifications/:id/read",
    {
      schema: {
        operationId: "markNotificationRead",
        security: signedIn,
        tags: ["notifications"],
        summary: "Marks one of the user's notifications read",
        params: z.object({ id: z.string() }),
        response: { 200: unreadCountSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const changed = await markNotificationRead(db, user.id, request.params.id, new Date().toISOString());
      if (!changed && !(await notificationExists(db, user.id, request.params.id))) {
        throw new AppError("NOT_FOUND", API_MESSAGES.notificationNotFound);
      }
      if (changed) await announceNotification(bus, user.id);
      return { unreadCount: await countUnreadNotifications(db, user.id) };
    },
  );

  app.post(
    "/api/notifications/read-all",
    {
      schema: {
        operationId: "markAllNotificationsRead",
        security: signedIn,
        tags: ["notifications"],
        summary: "Marks all of the user's notifications read",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await markAllNotificationsRead(db, user.id, new Date().toISOString());
      await announceNotification(bus, user.id);
      return { unreadCount: 0 };
    },
  );

  app.get(
    "/api/me/stream",
    {
      config: { liveStream: true },
      schema: {
        operationId: "streamMyEvents",
        security: signedIn,
        response: {
          200: fileResponse(
            "text/event-stream",
            "Server-sent events for the signed-in user, with a heartbeat at least every 10 s",
          ),
        },
        tags: ["notifications"],
        summary: "Server-sent events for the signed-in user only (notifications, booking changes)",
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      streamLiveEvents(request, reply, bus, (event) => event.topic === "user" && event.userId === user.id);
    },
  );
};
