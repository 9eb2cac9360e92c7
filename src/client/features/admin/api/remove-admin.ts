import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { adminsQuery } from "./get-admins.js";

/** 409 LAST_ADMIN for the last admin. */
export const removeAdmin = (email: string) =>
  apiFetch<null>(`/api/admin/admins/${encodeURIComponent(email)}`, { method: "DELETE" });

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQuery().queryKey }),
  });
}
