import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";

export const setCapstone = ({ workshopId, brief, dueAt }: { workshopId: string; brief: string; dueAt: string }) =>
  apiFetch<{ brief: string; dueAt: string }>(`/api/admin/workshops/${encodeURIComponent(workshopId)}/capstone`, {
    method: "PUT",
    body: { brief, dueAt },
  });

export const useSetCapstone = () => useMutation({ mutationFn: setCapstone });
