import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { InboxDto } from "../../../../shared/schemas/inbox.js";
import { apiFetch } from "../../../lib/api.js";

/**
 * The inbox newest first, a page at a time ("Show older messages"). Polled: the unhandled count on
 * the Messages tab should notice a new message without a reload.
 */
export const inboxQuery = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "messages"],
    queryFn: ({ pageParam }) =>
      apiFetch<InboxDto>(`/api/admin/messages${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: 60_000,
  });

export const useInbox = () => useInfiniteQuery(inboxQuery());
