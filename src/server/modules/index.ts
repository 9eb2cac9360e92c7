import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { JobHandlers } from "../infrastructure/jobs/queue.js";
import { startJobWorker } from "../infrastructure/jobs/worker.js";
import { adminBookingRoutes } from "./admin-bookings/routes.js";
import { adminRoutes } from "./admins/routes.js";
import { auditRoutes } from "./audit-log/routes.js";
import { cancellationRoutes } from "./cancellations/routes.js";
import { openingAlertRoutes } from "./catalog/opening-alert-routes.js";
import { OPENING_ALERT_JOB, runOpeningAlertJob } from "./catalog/opening-alerts.js";
import { pricingRoutes } from "./catalog/pricing-routes.js";
import { catalogRoutes } from "./catalog/routes.js";
import { certificateRoutes } from "./certificates/routes.js";
import { checkoutRoutes } from "./checkout/routes.js";
import { startSeatSweeper } from "./checkout/sweeper.js";
import { contactInboxRoutes } from "./contact/inbox-routes.js";
import { CONTACT_REPLY_JOB, sendContactReplyJob } from "./contact/replies.js";
import { contactRoutes } from "./contact/routes.js";
import { couponRoutes } from "./coupons/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { onSeatFreed } from "./holds/index.js";
import { holdRoutes } from "./holds/routes.js";
import { insightRoutes } from "./insights/routes.js";
import { startInsightsUpkeep } from "./insights/upkeep.js";
import { internshipRoutes } from "./internships/routes.js";
import { interviewerWorkspaceRoutes } from "./interviewer-workspace/routes.js";
import { interviewerRoutes } from "./interviewers/routes.js";
import { invoiceRoutes } from "./invoices/routes.js";
import { listingRoutes } from "./listings/routes.js";
import { meRoutes } from "./me/routes.js";
import { rescheduleRoutes } from "./my-bookings/reschedule-routes.js";
import { myBookingRoutes } from "./my-bookings/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { healthRoutes } from "./operations/health.js";
import { metricsRoutes } from "./operations/metrics.js";
import { afterPaymentHandlers } from "./payments/after-payment.js";
import { REFUND_JOB, refundJob } from "./payments/refunds.js";
import { paymentRoutes } from "./payments/routes.js";
import { phoneAlertRoutes } from "./phone-alerts/routes.js";
import { practiceRoutes } from "./practice/routes.js";
import { resumeFileRoutes } from "./profile/resume-file-routes.js";
import { profileRoutes } from "./profile/routes.js";
import { programmeAdminRoutes } from "./programme/admin-routes.js";
import { runStandupReminderJob, STANDUP_REMINDER_JOB } from "./programme/enrolment.js";
import { mentoringRoutes } from "./programme/mentoring-routes.js";
import { programmeRoutes } from "./programme/routes.js";
import { startRecordingRetention } from "./recordings/retention.js";
import { recordingRoutes } from "./recordings/routes.js";
import { recordingUploadRoutes } from "./recordings/uploads.js";
import { REMINDER_JOB, runReminderJob } from "./reminders/service.js";
import { roomRoutes } from "./rooms/routes.js";
import { scorecardRoutes } from "./scorecards/routes.js";
import { siteRoutes } from "./site/routes.js";
import { slotRoutes } from "./slots/routes.js";
import { offerFreedSeatsNow, runWaitlistOfferJob, WAITLIST_OFFER_JOB } from "./waitlist/offers.js";
import { waitlistRoutes } from "./waitlist/routes.js";
import { workshopRoutes } from "./workshops/routes.js";

/** Every feature's routes, registered in this order after the app plugins. */
export const routeModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  siteRoutes,
  meRoutes,
  catalogRoutes,
  listingRoutes,
  holdRoutes,
  checkoutRoutes,
  paymentRoutes,
  profileRoutes,
  interviewerRoutes,
  slotRoutes,
  internshipRoutes,
  workshopRoutes,
  pricingRoutes,
  contactInboxRoutes,
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
  metricsRoutes,
  interviewerWorkspaceRoutes,
  waitlistRoutes,
  insightRoutes,
  myBookingRoutes,
  openingAlertRoutes,
  practiceRoutes,
  phoneAlertRoutes,
  roomRoutes,
  programmeRoutes,
  mentoringRoutes,
  programmeAdminRoutes,
  recordingRoutes,
  recordingUploadRoutes,
  resumeFileRoutes,
];

// A hold that frees a seat offers it to the waiting line at once (the sweep would also offer it).
onSeatFreed(offerFreedSeatsNow);

/** Every job type the queue runs, by name. */
export const jobHandlers: JobHandlers = {
  ...afterPaymentHandlers,
  [REMINDER_JOB]: runReminderJob,
  [OPENING_ALERT_JOB]: runOpeningAlertJob,
  // Refunds go through the app's payment provider (Razorpay, or the test-mode one).
  [REFUND_JOB]: refundJob((deps, request) => deps.payments.refund(request)),
  [WAITLIST_OFFER_JOB]: runWaitlistOfferJob,
  [STANDUP_REMINDER_JOB]: runStandupReminderJob,
  [CONTACT_REPLY_JOB]: sendContactReplyJob,
};

/** Background workers started with the app (job queue, hold sweeper); each registers its stopper. */
export const workerStarters: Array<(app: FastifyInstance) => void> = [
  (app) => startJobWorker(app, jobHandlers),
  startSeatSweeper,
  startRecordingRetention,
  startInsightsUpkeep,
];
