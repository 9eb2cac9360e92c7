import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminScorecardView, Scorecard, ScorecardInput } from "../../../shared/schemas/scorecards.js";
import { apiFetch } from "../../lib/api.js";

/** Who is writing: the admin for any session, an interviewer for their own (same body and rules). */
export type ScorecardAuthor = "admin" | "interviewer";

const url = (author: ScorecardAuthor, bookingId: string) =>
  `/api/${author}/bookings/${encodeURIComponent(bookingId)}/scorecard`;

export const scorecardViewQuery = (author: ScorecardAuthor, bookingId: string) =>
  queryOptions({
    queryKey: [author, "scorecard", bookingId],
    queryFn: () => apiFetch<AdminScorecardView>(url(author, bookingId)),
  });

export const useScorecardView = (author: ScorecardAuthor, bookingId: string) =>
  useQuery(scorecardViewQuery(author, bookingId));

export function useSaveScorecard(author: ScorecardAuthor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: { bookingId: string; input: ScorecardInput }) =>
      apiFetch<Scorecard>(url(author, bookingId), { method: "PUT", body: input }),
    // The session lists show the new status (completed) and the scorecard.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [author] }),
  });
}

/** Marks a past session completed or no-show (same rules for both authors). */
export function useMarkOutcome(author: ScorecardAuthor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, outcome }: { bookingId: string; outcome: "completed" | "no_show" }) =>
      apiFetch<{ status: string }>(`/api/${author}/bookings/${encodeURIComponent(bookingId)}/outcome`, {
        method: "POST",
        body: { outcome },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [author] }),
  });
}
