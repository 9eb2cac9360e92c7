import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Application, ApplicationInput } from "../../../../shared/schemas/programme.js";
import { ApiError, apiFetch } from "../../../lib/api.js";

const applicationKey = (internshipId: string) => ["internship-application", internshipId] as const;

/** The student's application to a batch, or null before they applied. */
export const useApplication = (internshipId: string) =>
  useQuery({
    queryKey: applicationKey(internshipId),
    queryFn: async () => {
      try {
        return await apiFetch<Application>(`/api/me/internship-applications/${encodeURIComponent(internshipId)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export const saveApplication = (internshipId: string, input: ApplicationInput) =>
  apiFetch<Application>(`/api/me/internship-applications/${encodeURIComponent(internshipId)}`, {
    method: "PUT",
    body: input,
  });

export function useSaveApplication(internshipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => saveApplication(internshipId, input),
    onSuccess: (saved) => queryClient.setQueryData(applicationKey(internshipId), saved),
  });
}
