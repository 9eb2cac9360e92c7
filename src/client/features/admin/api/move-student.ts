import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Roster } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";
import { rosterQuery } from "./get-roster.js";

export const moveStudent = ({ bookingId, mentorId }: { bookingId: string; mentorId: string }) =>
  apiFetch<Roster>(`/api/admin/programme/${encodeURIComponent(bookingId)}/mentor`, {
    method: "PUT",
    body: { mentorId },
  });

export function useMoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveStudent,
    onSuccess: (roster) => queryClient.setQueryData(rosterQuery(roster.batch.id).queryKey, roster),
  });
}
