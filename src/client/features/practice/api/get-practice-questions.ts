import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { PracticePage } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

export interface PracticeFilters {
  domain: string;
  topic: string;
  difficulty: string;
  savedOnly: boolean;
}

function questionsPath(filters: PracticeFilters, cursor: string | null): string {
  const params = new URLSearchParams({ domain: filters.domain, topic: filters.topic, difficulty: filters.difficulty });
  if (filters.savedOnly) params.set("saved", "true");
  if (cursor) params.set("cursor", cursor);
  return `/api/practice/questions?${params}`;
}

export const practiceQuestionsQuery = (filters: PracticeFilters) =>
  infiniteQueryOptions({
    queryKey: ["practice", "questions", filters],
    queryFn: ({ pageParam }) => apiFetch<PracticePage>(questionsPath(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePracticeQuestions = (filters: PracticeFilters) => useInfiniteQuery(practiceQuestionsQuery(filters));
