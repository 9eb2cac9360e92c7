import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { notificationsQuery } from "./get-notifications.js";

export const markAllNotificationsRead = () =>
  apiFetch<{ unreadCount: number }>("/api/notifications/read-all", { method: "POST" });

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}
