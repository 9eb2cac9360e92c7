import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { InsightsDto } from "../../../../shared/schemas/insights.js";
import { apiFetch } from "../../../lib/api.js";

/** The business between two platform-zone dates, both included. */
export const insightsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ["admin", "insights", from, to],
    queryFn: () => apiFetch<InsightsDto>(`/api/admin/insights?${new URLSearchParams({ from, to })}`),
    placeholderData: keepPreviousData,
  });

export const useInsights = (from: string, to: string, enabled: boolean) =>
  useQuery({ ...insightsQuery(from, to), enabled });
