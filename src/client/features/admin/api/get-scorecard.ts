import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminScorecardView } from "../../../../shared/schemas/scorecards.js";
import { apiFetch } from "../../../lib/api.js";

export const adminScorecardQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["admin", "scorecard", bookingId],
    queryFn: () => apiFetch<AdminScorecardView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/scorecard`),
  });

export const useAdminScorecard = (bookingId: string) => useQuery(adminScorecardQuery(bookingId));
