import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";

/** Deletes the account (confirmed with the e-mail address); every cached answer goes with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => apiFetch<null>("/api/me", { method: "DELETE", body: { confirm } }),
    onSuccess: () => queryClient.clear(),
  });
}
