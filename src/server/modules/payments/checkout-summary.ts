import type { CompanyType } from "../../../shared/constants.js";
import { describeOrder, type OrderSubject } from "../../../shared/order-summary.js";
import type { CheckoutSummary } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app-deps.js";
import { findCatalogLabels } from "../catalog/index.js";
import { quoteOfBooking } from "../coupons/service.js";
import { findCheckoutSubject } from "./repository.js";

type SubjectRow = NonNullable<Awaited<ReturnType<typeof findCheckoutSubject>>>;

function toOrderSubject(row: SubjectRow): OrderSubject | undefined {
  if (row.kind === "mock" && row.slot_start) {
    return {
      kind: "mock",
      plan: row.package_key as CompanyType,
      startAt: row.slot_start,
      interviewerName: row.interviewer_name ?? "",
      interviewerQualification: row.interviewer_qualification ?? "",
    };
  }
  if (row.kind === "workshop" && row.workshop_start) {
    return {
      kind: "workshop",
      topicKey: row.workshop_topic ?? row.package_key,
      title: row.workshop_title ?? "",
      level: row.workshop_level ?? "",
      startAt: row.workshop_start,
      hostName: row.workshop_host,
    };
  }
  if (row.kind === "internship" && row.internship_start) {
    return {
      kind: "internship",
      title: row.internship_title ?? "",
      weeks: Number(row.internship_weeks ?? 0),
      startDate: row.internship_start,
      mentor: row.internship_mentor ?? "",
    };
  }
  return undefined;
}

/**
 * The order summary on the checkout (docs/product.md, Booking flow): the booking page's words, from the stored
 * booking and the amount of its payment, with any coupon's discount. Null when the session was deleted.
 */
export async function checkoutSummary(
  deps: AppDeps,
  bookingId: string,
  amountPaise: number,
): Promise<CheckoutSummary | null> {
  const row = await findCheckoutSubject(deps.db, bookingId);
  const subject = row && toOrderSubject(row);
  if (!subject) return null;
  const label = await findCatalogLabels(deps.db);
  const words = describeOrder(subject, deps.config.timeZone, deps.config.timeZoneLabel, label);
  return { ...words, price: await quoteOfBooking(deps.db, bookingId, amountPaise) };
}
