import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InternshipDto, InternshipForm } from "../../../../shared/schemas/internships.js";
import { apiFetch } from "../../../lib/api.js";
import { internshipsQuery } from "./get-internships.js";

export const editInternship = ({ id, form }: { id: string; form: InternshipForm }) =>
  apiFetch<InternshipDto>(`/api/admin/internships/${encodeURIComponent(id)}`, { method: "PUT", body: form });

export function useEditInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editInternship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internshipsQuery().queryKey }),
  });
}
