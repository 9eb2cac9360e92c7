import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { workshopsQuery } from "./get-workshops.js";

/** 409 HAS_BOOKINGS when students have paid: the session must be cancelled instead. */
export const deleteWorkshop = (id: string) =>
  apiFetch<null>(`/api/admin/workshops/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsQuery().queryKey }),
  });
}
