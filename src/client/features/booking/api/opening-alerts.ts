import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CatalogKey } from "../../../../shared/constants.js";
import { apiFetch } from "../../../lib/api.js";

type Alerts = { packages: CatalogKey[] };
const key = ["opening-alerts"] as const;

/** The unavailable packages the student asked to hear about. */
export const useOpeningAlerts = () =>
  useQuery({ queryKey: key, queryFn: () => apiFetch<Alerts>("/api/me/opening-alerts") });

export function useAskForOpeningAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageKey: CatalogKey) =>
      apiFetch<Alerts>(`/api/me/opening-alerts/${encodeURIComponent(packageKey)}`, { method: "PUT" }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
