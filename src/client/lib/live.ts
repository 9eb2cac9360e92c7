import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { STREAM_IDLE_TIMEOUT_MS } from "../../shared/constants.js";
import { retryDelay } from "./query-client.js";

/**
 * Subscribes to a server-sent event stream. 60 s without even a heartbeat counts as a dropped
 * stream: reconnect with backoff, then call `onReconnect` so the caller refetches (docs/product.md, Network and deploys).
 */
export function useLiveStream(
  url: string | null,
  onEvent: (type: string, data: unknown) => void,
  onReconnect?: () => void,
): void {
  const handlers = useRef({ onEvent, onReconnect });
  handlers.current = { onEvent, onReconnect };

  useEffect(() => {
    if (!url) return;
    let source: EventSource | undefined;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(reconnect, STREAM_IDLE_TIMEOUT_MS);
    };
    const connect = () => {
      source = new EventSource(url);
      source.onopen = () => {
        // The stream listens from its open on (the server registers it before answering). What the page
        // fetched before, at mount, may already be older than a change made in between, so every open
        // refreshes, the first one too; any later open may also have missed events: the server closes a
        // client that fell too far behind (src/server/plugins/sse.ts), and EventSource then reconnects.
        handlers.current.onReconnect?.();
        attempt = 0;
        resetIdle();
      };
      source.addEventListener("heartbeat", resetIdle);
      for (const type of ["slots", "workshops", "internships", "user"]) {
        source.addEventListener(type, (event) => {
          resetIdle();
          handlers.current.onEvent(type, JSON.parse((event as MessageEvent<string>).data));
        });
      }
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) reconnect();
      };
      resetIdle();
    };
    function reconnect() {
      if (stopped) return;
      source?.close();
      clearTimeout(idleTimer);
      retryTimer = setTimeout(connect, retryDelay(attempt++));
    }
    connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(idleTimer);
      clearTimeout(retryTimer);
    };
  }, [url]);
}

/**
 * Refetches the queries under `queryKeys` after a stream announced a change (or opened). An invalidation does not
 * restart a query's first fetch, it joins it (TanStack Query cancels a running fetch only once there is data), and
 * that fetch's answer may predate the change: such a query is fetched once more when its first fetch settles.
 */
export async function refreshLive(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  const firstFetches = queryKeys
    .flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" }))
    .filter((query) => query.state.data === undefined);
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  if (firstFetches.length === 0) return;
  // Joins a fetch started since (it is newer than the change too) rather than cancelling it.
  await queryClient.refetchQueries(
    { type: "active", predicate: (query) => firstFetches.includes(query) },
    { cancelRefetch: false },
  );
}
