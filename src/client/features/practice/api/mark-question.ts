import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PracticePage } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

type Mark = { questionId: string; done: boolean; saved: boolean };

export const markQuestion = (id: string, change: { done?: boolean; saved?: boolean }) =>
  apiFetch<Mark>(`/api/practice/questions/${encodeURIComponent(id)}/mark`, { method: "PUT", body: change });

/** Marks a question; every loaded page showing it takes the server's answer. */
export function useMarkQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { done?: boolean; saved?: boolean } }) =>
      markQuestion(id, change),
    onSuccess: (mark) => {
      queryClient.setQueriesData<InfiniteData<PracticePage>>({ queryKey: ["practice", "questions"] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                questions: page.questions.map((q) =>
                  q.id === mark.questionId ? { ...q, done: mark.done, saved: mark.saved } : q,
                ),
              })),
            }
          : data,
      );
    },
  });
}
