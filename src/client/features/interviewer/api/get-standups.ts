import { useInfiniteQuery } from "@tanstack/react-query";
import type { StandupFeed } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";

/** The mentor's students' standups, newest first, a page at a time. */
export const useStandupFeed = () =>
  useInfiniteQuery({
    queryKey: ["mentor", "standups"],
    queryFn: ({ pageParam }) =>
      apiFetch<StandupFeed>(`/api/mentor/standups${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
