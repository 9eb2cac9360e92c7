import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProfileInput, ProfileResponse } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";
import { dashboardQuery } from "./get-dashboard.js";

export const profileQuery = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<ProfileResponse>("/api/profile") });

export const useProfile = () => useQuery(profileQuery());

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiFetch<ProfileResponse>("/api/profile", { method: "PUT", body: input }),
    onSuccess: async (data) => {
      queryClient.setQueryData(profileQuery().queryKey, data);
      // The name shows in the header and the welcome banner.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["me"] }),
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
      ]);
    },
  });
}
