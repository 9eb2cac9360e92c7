import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientConfig } from "../../../shared/schemas/session.js";
import { apiFetch } from "../../lib/api.js";

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: () => apiFetch<ClientConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useClientConfig = () => useQuery(clientConfigQuery());
