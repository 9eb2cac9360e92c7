import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { notificationsQuery } from "./get-notifications.js";

export const markNotificationRead = (id: string) =>
  apiFetch<{ unreadCount: number }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}
