import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "../../../../shared/schemas/notifications.js";
import { apiFetch } from "../../../lib/api.js";

export const notificationsQuery = () =>
  queryOptions({ queryKey: ["notifications"], queryFn: () => apiFetch<NotificationList>("/api/notifications") });

export const useNotifications = () => useQuery(notificationsQuery());
