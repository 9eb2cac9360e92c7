import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PracticeTopics } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

export const practiceTopicsQuery = () =>
  queryOptions({ queryKey: ["practice", "topics"], queryFn: () => apiFetch<PracticeTopics>("/api/practice/topics") });

export const usePracticeTopics = () => useQuery(practiceTopicsQuery());
