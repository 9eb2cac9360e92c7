import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { profileQuery } from "./profile.js";

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
