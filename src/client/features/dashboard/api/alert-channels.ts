import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertChannels, AlertChannelsInput } from "../../../../shared/schemas/alert-channels.js";
import { apiFetch } from "../../../lib/api.js";

export const alertChannelsQuery = () =>
  queryOptions({ queryKey: ["alert-channels"], queryFn: () => apiFetch<AlertChannels>("/api/me/alert-channels") });

export const useAlertChannels = () => useQuery(alertChannelsQuery());

export const saveAlertChannels = (input: AlertChannelsInput) =>
  apiFetch<AlertChannels>("/api/me/alert-channels", { method: "PUT", body: input });

export function useSaveAlertChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertChannels,
    onSuccess: (saved) => queryClient.setQueryData(alertChannelsQuery().queryKey, saved),
  });
}
