import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InterviewerSessions } from "../../../../shared/schemas/interviewer.js";
import { apiFetch } from "../../../lib/api.js";
import { refreshLive, useLiveStream } from "../../../lib/live.js";

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ["interviewer", "sessions"],
    queryFn: () => apiFetch<InterviewerSessions>("/api/interviewer/sessions"),
  });

export const useInterviewerSessions = (enabled: boolean) => useQuery({ ...sessionsQuery(), enabled });

/** A seat taken or given back on any slot or workshop may be one of the interviewer's: refetch the list. */
export function useSessionsLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  const refresh = () => void refreshLive(queryClient, [sessionsQuery().queryKey]);
  useLiveStream(
    enabled ? "/api/slots/stream" : null,
    (type) => (type === "slots" || type === "workshops") && refresh(),
    refresh,
  );
}
