import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { invalidateCatalog } from "./invalidate-catalog.js";

export const removeTopic = (key: string) =>
  apiFetch<null>(`/api/admin/topics/${encodeURIComponent(key)}`, { method: "DELETE" });

export function useRemoveTopic() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTopic, onSuccess: () => invalidateCatalog(queryClient) });
}
