import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import type { TopicInput } from "../../../../shared/schemas/topics.js";
import { apiFetch } from "../../../lib/api.js";
import { invalidateCatalog } from "./invalidate-catalog.js";

export const addTopic = (input: TopicInput) =>
  apiFetch<CatalogItemDto>("/api/admin/topics", { method: "POST", body: input });

export function useAddTopic() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTopic, onSuccess: () => invalidateCatalog(queryClient) });
}
