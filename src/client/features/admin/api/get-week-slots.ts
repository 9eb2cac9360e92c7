import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SlotWeekDto } from "../../../../shared/schemas/slots.js";
import { apiFetch } from "../../../lib/api.js";

export const SLOTS_KEY = ["admin", "slots"] as const;

/** The week starting on `monday` (a date in the platform zone). */
export const weekSlotsQuery = (monday: string) =>
  queryOptions({
    queryKey: [...SLOTS_KEY, monday],
    queryFn: () => apiFetch<SlotWeekDto>(`/api/admin/slots?week=${monday}`),
    placeholderData: keepPreviousData,
  });

export const useWeekSlots = (monday: string) => useQuery(weekSlotsQuery(monday));
