import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PracticeImportResult } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

export const importPracticeQuestions = ({ csv, partial }: { csv: string; partial: boolean }) =>
  apiFetch<PracticeImportResult>(`/api/admin/practice/questions/import${partial ? "?partial=true" : ""}`, {
    method: "POST",
    text: { body: csv, contentType: "text/csv" },
  });

export function useImportPracticeQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPracticeQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "practice"] }),
  });
}
