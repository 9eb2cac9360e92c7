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
    let opened = false;
    let stopped = false;

    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(reconnect, STREAM_IDLE_TIMEOUT_MS);
    };
    const connect = () => {
      source = new EventSource(url);
      source.onopen = () => {
        // Any open after the first may have missed events: the server also closes a client that fell too far
        // behind (src/server/plugins/sse.ts), and EventSource then reconnects by itself.
        if (attempt > 0 || opened) handlers.current.onReconnect?.();
        opened = true;
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
