import { z } from "zod";
import { adminBookingSchema } from "../../shared/schemas/admin.js";
import { adminSchema } from "../../shared/schemas/admins.js";
import { auditEntrySchema } from "../../shared/schemas/audit.js";
import {
  holdSchema,
  internshipListingSchema,
  paymentResultSchema,
  profileResponseSchema,
  slotListingSchema,
  workshopListingSchema,
} from "../../shared/schemas/booking.js";
import { catalogItemSchema } from "../../shared/schemas/catalog.js";
import { publicCertificateSchema } from "../../shared/schemas/certificates.js";
import { couponSchema } from "../../shared/schemas/coupons.js";
import { cancelResultSchema, changedSessionSchema } from "../../shared/schemas/dashboard.js";
import { internshipSchema } from "../../shared/schemas/internships.js";
import { calendarFeedSchema } from "../../shared/schemas/interviewer.js";
import { interviewerSchema } from "../../shared/schemas/interviewers.js";
import { taxDocumentSchema } from "../../shared/schemas/invoices.js";
import { notificationSchema, unreadCountSchema } from "../../shared/schemas/notifications.js";
import { scorecardSchema } from "../../shared/schemas/scorecards.js";
import { slotSchema } from "../../shared/schemas/slots.js";
import { waitlistEntrySchema } from "../../shared/schemas/waitlist.js";
import { workshopSchema } from "../../shared/schemas/workshops.js";

/**
 * The records the API answers with in many places, by the name the API document gives them in
 * `components.schemas` (a client generator makes one type of each). Registered in Zod's global
 * registry, which the document's transform reads (fastify-type-provider-zod); `ApiError` names
 * itself in src/shared/schemas/api-error.ts.
 */
const COMPONENTS: Record<string, z.ZodType> = {
  AdminBooking: adminBookingSchema,
  Admin: adminSchema,
  AuditEntry: auditEntrySchema,
  Hold: holdSchema,
  InternshipListing: internshipListingSchema,
  PaymentResult: paymentResultSchema,
  Profile: profileResponseSchema,
  SlotListing: slotListingSchema,
  WorkshopListing: workshopListingSchema,
  CatalogItem: catalogItemSchema,
  Certificate: publicCertificateSchema,
  Coupon: couponSchema,
  CancelResult: cancelResultSchema,
  ChangedSession: changedSessionSchema,
  Internship: internshipSchema,
  CalendarFeed: calendarFeedSchema,
  Interviewer: interviewerSchema,
  TaxDocument: taxDocumentSchema,
  Notification: notificationSchema,
  UnreadCount: unreadCountSchema,
  Scorecard: scorecardSchema,
  Slot: slotSchema,
  WaitlistEntry: waitlistEntrySchema,
  Workshop: workshopSchema,
};

/** Names the shared records once per process (several apps may be built in one, as the tests do). */
export function registerComponentSchemas(): void {
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
