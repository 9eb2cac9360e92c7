import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Capstone } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

export const capstoneQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["capstone", bookingId],
    queryFn: () => apiFetch<Capstone>(`/api/me/workshops/${encodeURIComponent(bookingId)}/capstone`),
  });

export const useCapstone = (bookingId: string) => useQuery(capstoneQuery(bookingId));
