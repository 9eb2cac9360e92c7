import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminBookingRoutes } from "./admin-bookings/routes.js";
import { adminRoutes } from "./admins/routes.js";
import { auditRoutes } from "./audit/routes.js";
import { bookingRoutes } from "./bookings/routes.js";
import { startSeatSweeper } from "./bookings/sweeper.js";
import { cancellationRoutes } from "./cancellations/routes.js";
import { catalogRoutes } from "./catalog/routes.js";
import { certificateRoutes } from "./certificates/routes.js";
import { contactRoutes } from "./contact/routes.js";
import { couponRoutes } from "./coupons/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { internshipRoutes } from "./internships/routes.js";
import { interviewerRoutes } from "./interviewers/routes.js";
import { invoiceRoutes } from "./invoices/routes.js";
import { startJobWorker } from "./jobs/worker.js";
import { listingRoutes } from "./listings/routes.js";
import { meRoutes } from "./me/routes.js";
import { messageRoutes } from "./messages/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { pricingRoutes } from "./pricing/routes.js";
import { profileRoutes } from "./profile/routes.js";
import { rescheduleRoutes } from "./reschedule/routes.js";
import { scorecardRoutes } from "./scorecards/routes.js";
import { siteRoutes } from "./site/routes.js";
import { slotRoutes } from "./slots/routes.js";
import { workshopRoutes } from "./workshops/routes.js";

/** Every feature's routes, registered in this order after the app plugins. */
export const routeModules: FastifyPluginAsyncZod[] = [
  siteRoutes,
  meRoutes,
  catalogRoutes,
  listingRoutes,
  bookingRoutes,
  profileRoutes,
  interviewerRoutes,
  slotRoutes,
  internshipRoutes,
  workshopRoutes,
  pricingRoutes,
  messageRoutes,
  adminRoutes,
  auditRoutes,
  adminBookingRoutes,
  notificationRoutes,
  scorecardRoutes,
  certificateRoutes,
  dashboardRoutes,
  rescheduleRoutes,
  cancellationRoutes,
  contactRoutes,
  couponRoutes,
  invoiceRoutes,
];

/** Background workers started with the app (job queue, hold sweeper); each registers its stopper. */
export const workerStarters: Array<(app: FastifyInstance) => void> = [startJobWorker, startSeatSweeper];
