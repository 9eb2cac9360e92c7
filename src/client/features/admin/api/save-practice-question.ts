import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PracticeQuestionDto, PracticeQuestionInput } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

/** Adds a question, or edits one when `id` is given. */
export const savePracticeQuestion = ({ id, input }: { id?: string | undefined; input: PracticeQuestionInput }) =>
  id
    ? apiFetch<PracticeQuestionDto>(`/api/admin/practice/questions/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: input,
      })
    : apiFetch<PracticeQuestionDto>("/api/admin/practice/questions", { method: "POST", body: input });

export function useSavePracticeQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePracticeQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "practice"] }),
  });
}
