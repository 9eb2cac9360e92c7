import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RescheduleOption } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";

export const rescheduleOptionsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["reschedule-options", bookingId],
    queryFn: () =>
      apiFetch<{ slots: RescheduleOption[] }>(`/api/me/bookings/${encodeURIComponent(bookingId)}/reschedule-options`),
    staleTime: 0,
  });

export const useRescheduleOptions = (bookingId: string, enabled: boolean) =>
  useQuery({ ...rescheduleOptionsQuery(bookingId), enabled });
