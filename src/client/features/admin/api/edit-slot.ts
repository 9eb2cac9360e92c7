import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SlotDto, SlotForm } from "../../../../shared/schemas/slots.js";
import { apiFetch } from "../../../lib/api.js";
import { SLOTS_KEY } from "./get-week-slots.js";

export const editSlot = ({ id, form }: { id: string; form: SlotForm }) =>
  apiFetch<SlotDto>(`/api/admin/slots/${encodeURIComponent(id)}`, { method: "PUT", body: form });

export function useEditSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: SLOTS_KEY }) });
}
