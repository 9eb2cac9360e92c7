import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InternshipTrack } from "../../../../shared/constants.js";
import { apiFetch } from "../../../lib/api.js";
import { type MentorCandidate, mentorsQuery } from "./get-mentors.js";

export const setMentorTrack = ({ id, trackKey }: { id: string; trackKey: InternshipTrack | null }) =>
  apiFetch<MentorCandidate>(`/api/admin/interviewers/${encodeURIComponent(id)}/mentor-track`, {
    method: "PUT",
    body: { trackKey },
  });

export function useSetMentorTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMentorTrack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentorsQuery().queryKey }),
  });
}
