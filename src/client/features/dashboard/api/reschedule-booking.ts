import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";
import { dashboardQuery } from "./get-dashboard.js";
import { notificationsQuery } from "./get-notifications.js";

export const rescheduleBooking = ({ bookingId, slotId }: { bookingId: string; slotId: string }) =>
  apiFetch<{ session: DashboardSession }>(`/api/me/bookings/${encodeURIComponent(bookingId)}/reschedule`, {
    method: "POST",
    body: { slotId },
  });

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["reschedule-options"] }),
      ]);
    },
  });
}
