import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { inboxQuery } from "./get-inbox.js";

export const markHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  apiFetch<{ handled: boolean }>(`/api/admin/messages/${encodeURIComponent(id)}/handled`, {
    method: "POST",
    body: { handled },
  });

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey }),
  });
}
