import type { BookingKindDto } from "../../../../shared/schemas/booking.js";

/** The three things a student can book, one tab each, in the order the page shows them. */
export const BOOKING_TABS = [
  { id: "mockInterview", label: "Mock Interview", kind: "mock" },
  { id: "internship", label: "Internship", kind: "internship" },
  { id: "workshop", label: "Workshop", kind: "workshop" },
] as const;
export type BookingTabId = (typeof BOOKING_TABS)[number]["id"];

/** The tab a `?type=` link names; the mock interview when it names none or an unknown one. */
export function bookingTabFromParam(type: string | null): BookingTabId {
  return BOOKING_TABS.find((t) => t.id === type)?.id ?? "mockInterview";
}

export function bookingTabOfKind(kind: BookingKindDto): BookingTabId {
  return BOOKING_TABS.find((t) => t.kind === kind)?.id ?? "mockInterview";
}

export function kindOfBookingTab(tab: BookingTabId): BookingKindDto {
  return BOOKING_TABS.find((t) => t.id === tab)?.kind ?? "mock";
}
