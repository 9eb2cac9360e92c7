import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Standup, StandupInput } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";
import { programmeQuery } from "./get-programme.js";

export const postStandup = (bookingId: string, input: StandupInput) =>
  apiFetch<Standup>(`/api/me/internships/${encodeURIComponent(bookingId)}/standups`, { method: "POST", body: input });

export function usePostStandup(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StandupInput) => postStandup(bookingId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeQuery(bookingId).queryKey }),
  });
}
