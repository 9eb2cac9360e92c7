import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WorkshopDto, WorkshopForm } from "../../../../shared/schemas/workshops.js";
import { apiFetch } from "../../../lib/api.js";
import { workshopsQuery } from "./get-workshops.js";

export const editWorkshop = ({ id, form }: { id: string; form: WorkshopForm }) =>
  apiFetch<WorkshopDto>(`/api/admin/workshops/${encodeURIComponent(id)}`, { method: "PUT", body: form });

export function useEditWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsQuery().queryKey }),
  });
}
