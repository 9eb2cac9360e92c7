import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminWaitlistDto } from "../../../../shared/schemas/waitlist.js";
import { apiFetch } from "../../../lib/api.js";
import { refreshLive, useLiveStream } from "../../../lib/live.js";

export const waitlistsQuery = () =>
  queryOptions({
    queryKey: ["admin", "waitlists"],
    queryFn: () => apiFetch<{ waitlists: AdminWaitlistDto[] }>("/api/admin/waitlists"),
    select: (data) => data.waitlists,
  });

/** Every line with students in it, refreshed live: each change in a line moves its seats. */
export function useWaitlists() {
  const queryClient = useQueryClient();
  const refresh = () => void refreshLive(queryClient, [waitlistsQuery().queryKey]);
  useLiveStream("/api/slots/stream", refresh, refresh);
  return useQuery(waitlistsQuery());
}
