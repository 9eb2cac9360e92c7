import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProfileInput, ProfileResponse } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

export const useProfile = (enabled: boolean) =>
  useQuery({ queryKey: ["profile"], queryFn: () => apiFetch<ProfileResponse>("/api/profile"), enabled });

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["profile"] }),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiFetch<ProfileResponse>("/api/profile", { method: "PUT", body: input }),
    onSuccess: (data) => {
      queryClient.setQueryData(["profile"], data);
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    },
  });
}
