import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminBookingDto } from "../../../../shared/schemas/admin.js";
import { apiFetch } from "../../../lib/api.js";

export interface BookingFilter {
  kind: string;
  status: string;
  from: string;
  to: string;
}

export const bookingsQuery = (filter: BookingFilter) =>
  queryOptions({
    queryKey: ["admin", "bookings", filter],
    queryFn: () => {
      const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
      return apiFetch<{ bookings: AdminBookingDto[] }>(`/api/admin/bookings?${params}`);
    },
    select: (data) => data.bookings,
  });

export const useBookings = (filter: BookingFilter) => useQuery(bookingsQuery(filter));
