import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Scorecard, ScorecardInput } from "../../../../shared/schemas/scorecards.js";
import { apiFetch } from "../../../lib/api.js";

export const saveScorecard = ({ bookingId, input }: { bookingId: string; input: ScorecardInput }) =>
  apiFetch<Scorecard>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/scorecard`, { method: "PUT", body: input });

export function useSaveScorecard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScorecard,
    // The bookings list shows the new status (completed) and the scorecard.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
