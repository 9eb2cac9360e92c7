import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../../shared/schemas/session.js";
import { apiFetch } from "../../lib/api.js";

export const meQuery = () =>
  queryOptions({ queryKey: ["me"], queryFn: () => apiFetch<MeResponse>("/api/me"), staleTime: 30_000 });

export const useMe = () => useQuery(meQuery());
