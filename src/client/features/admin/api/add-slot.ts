import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SlotDto, SlotForm } from "../../../../shared/schemas/slots.js";
import { apiFetch } from "../../../lib/api.js";
import { SLOTS_KEY } from "./get-week-slots.js";

export const addSlot = (form: SlotForm) => apiFetch<SlotDto>("/api/admin/slots", { method: "POST", body: form });

export function useAddSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: SLOTS_KEY }) });
}
