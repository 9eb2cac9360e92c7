import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { SLOTS_KEY } from "./get-week-slots.js";

/** 409 HAS_BOOKINGS when students have paid: the slot must be cancelled instead. */
export const deleteSlot = (id: string) =>
  apiFetch<null>(`/api/admin/slots/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SLOTS_KEY }),
  });
}
