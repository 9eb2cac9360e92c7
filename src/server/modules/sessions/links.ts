import type { BookingKind } from "../../db/schema.js";

const TAB_OF_KIND = { mock: "interviews", workshop: "workshops", internship: "internships" } as const;

/** The dashboard tab that lists a kind of booking, for links in notifications. */
export const dashboardTabLink = (kind: BookingKind): string => `/dashboard?tab=${TAB_OF_KIND[kind]}`;
