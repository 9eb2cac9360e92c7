import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CAPTIONS_CONTENT_TYPE,
  type RecordingConsentState,
  type Recordings,
} from "../../../shared/schemas/recordings.js";
import { apiFetch } from "../../lib/api.js";

const bookingUrl = (bookingId: string) => `/api/me/bookings/${encodeURIComponent(bookingId)}`;

/** A session's recordings with where to play them (its student, its interviewer and admins). */
export const recordingsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["recordings", bookingId],
    queryFn: () => apiFetch<Recordings>(`${bookingUrl(bookingId)}/recordings`),
  });

export const useRecordings = (bookingId: string) => useQuery(recordingsQuery(bookingId));

/** Adds a WebVTT caption file to one part of a recording. */
export function useAddCaptions(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ recordingId, file }: { recordingId: string; file: File }) =>
      apiFetch<null>(`/api/recordings/${encodeURIComponent(recordingId)}/captions`, {
        method: "PUT",
        text: { body: await file.text(), contentType: CAPTIONS_CONTENT_TYPE },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["recordings", bookingId] }),
  });
}

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
    // Until declined or stopped: either person may stop a running recording for both.
    refetchInterval: (query) =>
      query.state.data?.state === "declined" || query.state.data?.stoppedAt ? false : CONSENT_POLL_MS,
    // In a call the other person's step must show even while this tab is behind another one.
    refetchIntervalInBackground: true,
  });

export function useConsentStep(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { ask: true } | { stop: true } | { accept: boolean }) =>
      "accept" in step
        ? apiFetch<RecordingConsentState>(`${bookingUrl(bookingId)}/recording-consent/answer`, {
            method: "POST",
            body: { accept: step.accept },
          })
        : apiFetch<RecordingConsentState>(
            `${bookingUrl(bookingId)}/recording-consent/${"ask" in step ? "ask" : "stop"}`,
            { method: "POST" },
          ),
    onSuccess: (state) => queryClient.setQueryData(["recording-consent", bookingId], state),
  });
}
