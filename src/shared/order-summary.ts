import type { CatalogLabeler } from "./catalog-label.js";
import { type CompanyType, PACKAGE_ROUNDS } from "./constants.js";
import { formatDayLabel, formatInstant } from "./time.js";

/** What a seat is for, as the booking page's listings and the server's booking both know it. */
export type OrderSubject =
  | { kind: "mock"; plan: CompanyType; startAt: string; interviewerName: string; interviewerQualification: string }
  | { kind: "workshop"; topicKey: string; title: string; level: string; startAt: string; hostName: string | null }
  | { kind: "internship"; title: string; weeks: number; startDate: string; mentor: string };

/** An order in words: what, when (in the platform zone, labelled) and with whom. */
export interface OrderWords {
  what: string;
  when: string;
  withWhom: string | null;
}

/**
 * The one wording of an order (docs/product.md, Booking flow): the booking page's summary and the checkout's say
 * the same thing, from the listing on one side and the stored booking on the other, naming the package or topic
 * by the catalog's label.
 */
export function describeOrder(
  subject: OrderSubject,
  timeZone: string,
  zoneLabel: string,
  label: CatalogLabeler,
): OrderWords {
  if (subject.kind === "mock") {
    return {
      what: `Mock interview · ${label(subject.plan)} (${PACKAGE_ROUNDS[subject.plan]})`,
      when: formatInstant(subject.startAt, timeZone, zoneLabel),
      withWhom: [subject.interviewerName, subject.interviewerQualification].filter(Boolean).join(", "),
    };
  }
  if (subject.kind === "workshop") {
    const topic = label(subject.topicKey);
    return {
      what: `${topic} · ${subject.title} (${subject.level})`,
      when: formatInstant(subject.startAt, timeZone, zoneLabel),
      withWhom: subject.hostName,
    };
  }
  return {
    what: `${subject.title} · ${subject.weeks} weeks`,
    when: `Starts ${formatDayLabel(subject.startDate)}`,
    withWhom: `Mentor ${subject.mentor}`,
  };
}
