import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminWaitlistDto, AdminWaitlistsPageDto } from "../../../../shared/schemas/waitlist.js";
import { apiFetch } from "../../../lib/api.js";
import { refreshLive, useLiveStream } from "../../../lib/live.js";

/** The pages as one list of lines: a line cut by a page's end goes on at the start of the next page. */
export function joinLines(pages: readonly AdminWaitlistsPageDto[]): AdminWaitlistDto[] {
  const lines: AdminWaitlistDto[] = [];
  for (const line of pages.flatMap((page) => page.waitlists)) {
    const previous = lines.at(-1);
    if (previous?.targetId === line.targetId)
      lines[lines.length - 1] = { ...line, entries: [...previous.entries, ...line.entries] };
    else lines.push(line);
  }
  return lines;
}

/** Lines with students in them, soonest session first, a page at a time ("Load more"). */
export const waitlistsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "waitlists"],
    queryFn: ({ pageParam }) =>
      apiFetch<AdminWaitlistsPageDto>(
        `/api/admin/waitlists${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
    select: (data) => joinLines(data.pages),
  });

/** The loaded lines, refreshed live (every page again, in order): each change in a line moves its seats. */
export function useWaitlists() {
  const queryClient = useQueryClient();
  const refresh = () => void refreshLive(queryClient, [waitlistsQuery().queryKey]);
  useLiveStream("/api/slots/stream", refresh, refresh);
  return useInfiniteQuery(waitlistsQuery());
}
