import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecordingConsentState, Recordings } from "../../../shared/schemas/recordings.js";
import { apiFetch } from "../../lib/api.js";

const bookingUrl = (bookingId: string) => `/api/me/bookings/${encodeURIComponent(bookingId)}`;

/** A session's recordings with where to play them (its student, its interviewer and admins). */
export const recordingsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["recordings", bookingId],
    queryFn: () => apiFetch<Recordings>(`${bookingUrl(bookingId)}/recordings`),
  });

export const useRecordings = (bookingId: string) => useQuery(recordingsQuery(bookingId));

export function useDeleteReplay(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>(`${bookingUrl(bookingId)}/recordings`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["recordings", bookingId] }),
  });
}

/** How often the room looks for the other person's step (asked, answered) until the answer is in. */
const CONSENT_POLL_MS = 2_000;

export const useRecordingConsent = (bookingId: string) =>
  useQuery({
    queryKey: ["recording-consent", bookingId],
    queryFn: () => apiFetch<RecordingConsentState>(`${bookingUrl(bookingId)}/recording-consent`),
    refetchInterval: (query) =>
      query.state.data?.state === "accepted" || query.state.data?.state === "declined" ? false : CONSENT_POLL_MS,
    // In a call the other person's step must show even while this tab is behind another one.
    refetchIntervalInBackground: true,
  });

export function useConsentStep(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { ask: true } | { accept: boolean }) =>
      "ask" in step
        ? apiFetch<RecordingConsentState>(`${bookingUrl(bookingId)}/recording-consent/ask`, { method: "POST" })
        : apiFetch<RecordingConsentState>(`${bookingUrl(bookingId)}/recording-consent/answer`, {
            method: "POST",
            body: { accept: step.accept },
          }),
    onSuccess: (state) => queryClient.setQueryData(["recording-consent", bookingId], state),
  });
}
