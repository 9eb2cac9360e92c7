import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OnboardingCall } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

export const bookOnboardingCall = (bookingId: string, startAt: string) =>
  apiFetch<OnboardingCall>(`/api/me/internships/${encodeURIComponent(bookingId)}/onboarding-call`, {
    method: "POST",
    body: { startAt },
  });

export function useBookOnboardingCall(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startAt: string) => bookOnboardingCall(bookingId, startAt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["programme", bookingId] }),
  });
}
