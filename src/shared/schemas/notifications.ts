import { z } from "zod";

/** The in-app events a student hears about (docs/product.md, Dashboard). */
export const NOTIFICATION_TYPES = [
  "booking_confirmed",
  "booking_rescheduled",
  "booking_cancelled",
  "feedback_ready",
  "reminder",
  "certificate_issued",
  "waitlist_offer",
  "standup_reminder",
  "submission_reviewed",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
