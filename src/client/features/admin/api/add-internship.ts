import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InternshipDto, InternshipForm } from "../../../../shared/schemas/internships.js";
import { apiFetch } from "../../../lib/api.js";
import { internshipsQuery } from "./get-internships.js";

export const addInternship = (form: InternshipForm) =>
  apiFetch<InternshipDto>("/api/admin/internships", { method: "POST", body: form });

export function useAddInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInternship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internshipsQuery().queryKey }),
  });
}
