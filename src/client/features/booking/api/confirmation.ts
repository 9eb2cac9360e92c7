import { useQuery } from "@tanstack/react-query";
import type { BookingConfirmation } from "../../../../shared/schemas/confirmation.js";
import { apiFetch } from "../../../lib/api.js";

export const useBookingConfirmation = (bookingId: string) =>
  useQuery({
    queryKey: ["confirmation", bookingId],
    queryFn: () => apiFetch<BookingConfirmation>(`/api/me/bookings/${encodeURIComponent(bookingId)}/confirmation`),
  });
