import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanyType, Domain } from "../../../../shared/constants.js";
import type { InternshipListing, SlotDays, SlotListing, WorkshopListing } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

/**
 * A plan's days with bookable slots, its next free time and its soonest full times: the date strip and the
 * plan card (docs/decisions/0240-slots-by-day.md). Every slot query's key starts with "slots", the stream's
 * event type, so the live refresh reaches each (features/booking/route.tsx).
 */
export const slotDaysQuery = (plan: CompanyType, domain?: Domain) =>
  queryOptions({
    queryKey: ["slots", plan, "days", domain ?? "any"],
    queryFn: () => apiFetch<SlotDays>(`/api/slots/days?package=${plan}${domain ? `&domain=${domain}` : ""}`),
  });

export const useSlotDays = (plan: CompanyType | undefined, domain?: Domain) =>
  useQuery({ ...slotDaysQuery(plan ?? "service", domain), enabled: plan !== undefined });

/** One day's slots of a plan (the day in the platform zone), full ones included; of one domain's interviewers when given. */
export const useDaySlots = (plan: CompanyType, date: string | undefined, domain?: Domain) =>
  useQuery({
    queryKey: ["slots", plan, "day", date, domain ?? "any"],
    queryFn: () =>
      apiFetch<{ slots: SlotListing[] }>(`/api/slots?package=${plan}&date=${date}${domain ? `&domain=${domain}` : ""}`),
    select: (data) => data.slots,
    enabled: date !== undefined,
  });

/**
 * One slot: the held one's day and words, wherever it is in the calendar. Shown at once from a day's list
 * already on the page while its own answer comes.
 */
export const useSlot = (id: string | undefined) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["slots", "one", id],
    queryFn: () => apiFetch<{ slot: SlotListing }>(`/api/slots/${encodeURIComponent(id ?? "")}`),
    select: (data) => data.slot,
    enabled: id !== undefined,
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<{ slots?: SlotListing[] }>({ queryKey: ["slots"] })) {
        const slot = data?.slots?.find((s) => s.id === id);
        if (slot) return { slot };
      }
      return undefined;
    },
  });
};

export const useWorkshops = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["workshops"],
    queryFn: () => apiFetch<{ workshops: WorkshopListing[] }>("/api/workshops"),
    select: (data) => data.workshops,
  });

/** Every internship batch that has not started, of every track (docs/product.md, Internships). */
export const useInternships = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["internships", "all"],
    queryFn: () => apiFetch<{ internships: InternshipListing[] }>("/api/internships"),
    select: (data) => data.internships,
  });
