import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.js";

/** Revokes the session on the server, then forgets every cached answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/auth/sign-out", { method: "POST", body: {} }),
    onSettled: () => queryClient.clear(),
  });
}
