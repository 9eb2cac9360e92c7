import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Roster } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

export const rosterQuery = (internshipId: string) =>
  queryOptions({
    queryKey: ["admin", "roster", internshipId],
    queryFn: () => apiFetch<Roster>(`/api/admin/internships/${encodeURIComponent(internshipId)}/roster`),
  });

export const useRoster = (internshipId: string | undefined) =>
  useQuery({ ...rosterQuery(internshipId ?? ""), enabled: Boolean(internshipId) });
