import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Roster } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";
import { rosterQuery } from "./get-roster.js";

export const scheduleDemoDay = ({
  internshipId,
  startAt,
  endAt,
}: {
  internshipId: string;
  startAt: string;
  endAt: string;
}) =>
  apiFetch<Roster>(`/api/admin/internships/${encodeURIComponent(internshipId)}/demo-day`, {
    method: "PUT",
    body: { startAt, endAt },
  });

export function useScheduleDemoDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleDemoDay,
    onSuccess: (roster) => queryClient.setQueryData(rosterQuery(roster.batch.id).queryKey, roster),
  });
}
