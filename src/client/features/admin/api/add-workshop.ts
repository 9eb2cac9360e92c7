import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WorkshopDto, WorkshopForm } from "../../../../shared/schemas/workshops.js";
import { apiFetch } from "../../../lib/api.js";
import { workshopsQuery } from "./get-workshops.js";

export const addWorkshop = (form: WorkshopForm) =>
  apiFetch<WorkshopDto>("/api/admin/workshops", { method: "POST", body: form });

export function useAddWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsQuery().queryKey }),
  });
}
