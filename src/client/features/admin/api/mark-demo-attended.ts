import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { rosterQuery } from "./get-roster.js";

export const markDemoAttended = ({ bookingId }: { bookingId: string; internshipId: string }) =>
  apiFetch<{ demoAttended: boolean; certificateCode: string | null }>(
    `/api/admin/programme/${encodeURIComponent(bookingId)}/demo-attendance`,
    { method: "POST" },
  );

export function useMarkDemoAttended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDemoAttended,
    onSettled: (_data, _error, { internshipId }) =>
      queryClient.invalidateQueries({ queryKey: rosterQuery(internshipId).queryKey }),
  });
}
