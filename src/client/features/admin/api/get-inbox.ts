import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InboxDto } from "../../../../shared/schemas/inbox.js";
import { apiFetch } from "../../../lib/api.js";

/** Polled: the unhandled count on the Messages tab should notice a new message without a reload. */
export const inboxQuery = () =>
  queryOptions({
    queryKey: ["admin", "messages"],
    queryFn: () => apiFetch<InboxDto>("/api/admin/messages"),
    refetchInterval: 60_000,
  });

export const useInbox = () => useQuery(inboxQuery());
