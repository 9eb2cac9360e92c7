import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminBookingDto } from "../../../../shared/schemas/admin.js";
import { apiFetch } from "../../../lib/api.js";

export interface BookingFilter {
  kind: string;
  status: string;
  from: string;
  to: string;
}

interface BookingsPage {
  bookings: AdminBookingDto[];
  nextCursor: string | null;
}

/** Bookings matching the filter, soonest needing action first, a page at a time ("Load more"). */
export const bookingsQuery = (filter: BookingFilter) =>
  infiniteQueryOptions({
    queryKey: ["admin", "bookings", filter],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<BookingsPage>(`/api/admin/bookings?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.bookings),
  });

export const useBookings = (filter: BookingFilter) => useInfiniteQuery(bookingsQuery(filter));
