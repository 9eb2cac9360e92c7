import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeed } from "../../../../shared/schemas/interviewer.js";
import { apiFetch } from "../../../lib/api.js";

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: ["interviewer", "calendar"],
    queryFn: () => apiFetch<CalendarFeed>("/api/interviewer/calendar"),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCalendarFeed = () => useQuery(calendarFeedQuery());

/** A new feed URL; the old one stops working (for a link shared by mistake). */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>("/api/interviewer/calendar", { method: "POST", body: {} }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}
