import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CancelResult } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";

export const cancelBookingAsAdmin = ({ bookingId, reason }: { bookingId: string; reason: string }) =>
  apiFetch<CancelResult>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: "POST",
    body: reason ? { reason } : {},
  });

export function useCancelBookingAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBookingAsAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
