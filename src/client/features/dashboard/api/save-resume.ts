import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResumeInput } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";
import { dashboardQuery } from "./get-dashboard.js";

export const saveResume = (input: ResumeInput) =>
  apiFetch<{ url: string | null }>("/api/me/resume", { method: "PUT", body: input });

export function useSaveResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResume,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  });
}
