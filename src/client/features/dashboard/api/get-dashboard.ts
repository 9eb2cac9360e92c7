import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";

export const dashboardQuery = () =>
  queryOptions({ queryKey: ["dashboard"], queryFn: () => apiFetch<Dashboard>("/api/dashboard") });

export const useDashboard = (enabled: boolean) => useQuery({ ...dashboardQuery(), enabled });
