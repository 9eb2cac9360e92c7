import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";

export const markOutcome = ({ bookingId, outcome }: { bookingId: string; outcome: "completed" | "no_show" }) =>
  apiFetch<{ status: string }>(`/api/interviewer/bookings/${encodeURIComponent(bookingId)}/outcome`, {
    method: "POST",
    body: { outcome },
  });

export function useMarkOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOutcome,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["interviewer"] }),
  });
}
