import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import { apiFetch } from "../../../lib/api.js";
import { invalidateCatalog } from "./invalidate-catalog.js";

export const renameTopic = ({ key, label }: { key: string; label: string }) =>
  apiFetch<CatalogItemDto>(`/api/admin/topics/${encodeURIComponent(key)}`, { method: "PUT", body: { label } });

export function useRenameTopic() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameTopic, onSuccess: () => invalidateCatalog(queryClient) });
}
