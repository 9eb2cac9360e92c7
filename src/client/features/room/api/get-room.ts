import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { ApiError, apiFetch } from "../../../lib/api.js";

/** The room as this person enters it; refused answers (401, 403, 409) are not retried. */
export const roomQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["room", bookingId],
    queryFn: () => apiFetch<Room>(`/api/rooms/${encodeURIComponent(bookingId)}`),
    retry: (failureCount, error) => failureCount < 5 && error instanceof ApiError && error.isNetwork,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useRoom = (bookingId: string) => useQuery(roomQuery(bookingId));
