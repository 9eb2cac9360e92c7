import { useQueryClient } from "@tanstack/react-query";
import { refreshLive, useLiveStream } from "../../../lib/live.js";
import { myWaitlistQuery } from "../../../shared/waitlist/get-my-waitlist.js";

/** The listings this page shows live; each one's query key starts with the stream's event type. */
const LIVE_LISTINGS: readonly string[] = ["slots", "workshops", "internships"];

/**
 * Keeps the listings live while the student chooses. Only the listings and the student's line refetch,
 * on an open too, never the rest of the checkout in progress. Any seat change may move the student up a line.
 */
export function useLiveListings() {
  const queryClient = useQueryClient();
  const refreshListings = (types: readonly string[]) =>
    void refreshLive(queryClient, [
      ...types.filter((type) => LIVE_LISTINGS.includes(type)).map((type) => [type]),
      myWaitlistQuery().queryKey,
    ]);
  useLiveStream(
    "/api/slots/stream",
    (type) => refreshListings([type]),
    () => refreshListings(LIVE_LISTINGS),
  );
}
