import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Programme } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

export const programmeQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["programme", bookingId],
    queryFn: () => apiFetch<Programme>(`/api/me/internships/${encodeURIComponent(bookingId)}/programme`),
  });

export const useProgramme = (bookingId: string) => useQuery(programmeQuery(bookingId));
