import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CancelResult } from "../../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../../lib/api.js";

/** Cancels a whole slot, workshop session or internship batch: every booking on it is cancelled and refunded. */
export const cancelSession = ({
  kind,
  id,
  reason,
}: {
  kind: "slots" | "workshops" | "internships";
  id: string;
  reason: string;
}) =>
  apiFetch<CancelResult>(`/api/admin/${kind}/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    body: reason ? { reason } : {},
  });

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
