import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProfileInput, ProfileResponse } from "../../../shared/schemas/booking.js";
import { apiFetch } from "../../lib/api.js";
import { meQuery } from "../session/get-me.js";

/** The student's profile, phones proven by code, and whether they have paid: the booking flow and the dashboard. */
export const profileQuery = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<ProfileResponse>("/api/profile") });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });

export const useSendOtp = () =>
  useMutation({
    mutationFn: (phone: string) =>
      apiFetch<{ expiresAt: string }>("/api/otp/send", { method: "POST", body: { phone } }),
  });

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      apiFetch("/api/otp/verify", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiFetch<ProfileResponse>("/api/profile", { method: "PUT", body: input }),
    onSuccess: async (data) => {
      queryClient.setQueryData(profileQuery().queryKey, data);
      // The name shows in headers and the dashboard's welcome banner.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      ]);
    },
  });
}
