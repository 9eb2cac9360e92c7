import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";
import { dashboardQuery } from "./get-dashboard.js";
import { notificationsQuery } from "./get-notifications.js";

export const cancelBooking = ({ bookingId, reason }: { bookingId: string; reason?: string }) =>
  apiFetch<{ session: DashboardSession }>(`/api/me/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: "POST",
    body: reason ? { reason } : {},
  });

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["reschedule-options"] }),
      ]);
    },
  });
}
