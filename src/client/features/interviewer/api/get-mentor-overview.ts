import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MentorOverview } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

export const mentorOverviewQuery = () =>
  queryOptions({ queryKey: ["mentor", "overview"], queryFn: () => apiFetch<MentorOverview>("/api/mentor/overview") });

export const useMentorOverview = () => useQuery(mentorOverviewQuery());
