import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Domain } from "../../../../shared/constants.js";
import type { PracticeRoundDto } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

export const startRound = (domain: Domain) =>
  apiFetch<PracticeRoundDto>("/api/practice/rounds", { method: "POST", body: { domain } });

export const finishRound = (id: string) =>
  apiFetch<PracticeRoundDto>(`/api/practice/rounds/${encodeURIComponent(id)}/finish`, { method: "POST" });

export const useStartRound = () => useMutation({ mutationFn: startRound });

/** Finishing a round changes the dashboard's practice time. */
export function useFinishRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  });
}
