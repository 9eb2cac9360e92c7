import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InterviewerDto } from "../../../../shared/schemas/interviewers.js";
import { apiFetch } from "../../../lib/api.js";

/** Every admin query key starts with "admin": cancelling a session elsewhere refreshes them all. */
export const interviewersQuery = () =>
  queryOptions({
    queryKey: ["admin", "interviewers"],
    queryFn: () => apiFetch<{ interviewers: InterviewerDto[] }>("/api/admin/interviewers"),
    select: (data) => data.interviewers,
  });

export const useInterviewers = () => useQuery(interviewersQuery());
