import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InternshipTrack } from "../../../../shared/constants.js";
import { apiFetch } from "../../../lib/api.js";

export interface MentorCandidate {
  id: string;
  name: string;
  trackKey: InternshipTrack | null;
}

export const mentorsQuery = () =>
  queryOptions({
    queryKey: ["admin", "mentors"],
    queryFn: () => apiFetch<{ interviewers: MentorCandidate[] }>("/api/admin/mentors"),
    select: (data) => data.interviewers,
  });

export const useMentors = () => useQuery(mentorsQuery());
