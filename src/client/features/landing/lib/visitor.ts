import { useEffect, useSyncExternalStore } from "react";
import {
  CATALOG_READ_TIMEOUT_MS,
  type CatalogKey,
  LAST_KNOWN_CATALOG_KEY,
  RETRY_BACKOFF,
} from "../../../../shared/constants.js";
import type { CatalogItemDto, CatalogResponse } from "../../../../shared/schemas/catalog.js";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { ApiError, apiFetch } from "../../../lib/api.js";

/**
 * What the landing page reads about the visitor (signed in or not) and the catalog (prices and
 * availability), without the router and query client of the signed-in pages: the page is painted
 * from prerendered HTML and these fill in after hydration (docs/decisions/0160-landing-from-html.md).
 */
export interface Remote<T> {
  data?: T;
  error?: unknown;
}

const RETRIES = 5;

function retriable(err: unknown): boolean {
  return !(err instanceof ApiError) || err.isNetwork || err.status >= 500;
}

function createRemote<T>(load: () => Promise<T>) {
  let state: Remote<T> = {};
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const publish = (next: Remote<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** One read; with retries, network faults and 5xx are tried again with the app's backoff. */
  const read = (retries: number): Promise<T> => {
    pending ??= (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await load();
          publish({ data });
          return data;
        } catch (err) {
          // Said at once, so the page can offer to try again while the retries go on.
          publish({ ...state, error: err });
          if (attempt >= retries || !retriable(err)) throw err;
          const delay = Math.min(RETRY_BACKOFF.initialMs * RETRY_BACKOFF.factor ** attempt, RETRY_BACKOFF.maxMs);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    })().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    subscribe,
    peek: (): Remote<T> => state,
    /** The first read, with retries, unless one is on its way or has already answered (a component mounted later reuses it). */
    start: () => {
      if (!pending && state.data === undefined) read(RETRIES).catch(() => undefined);
    },
    /** A fresh read, no retries (a click waits on it). */
    refresh: () => read(0),
  };
}

type RemoteStore<T> = ReturnType<typeof createRemote<T>>;

/** The current answer; read when the first component mounts. */
function useRemote<T>(remote: RemoteStore<T>): Remote<T> {
  useEffect(() => remote.start(), [remote]);
  return useSyncExternalStore(remote.subscribe, remote.peek, remote.peek);
}

export const visitor = createRemote(() => apiFetch<MeResponse>("/api/me"));

/** Prices by package, and the figures the hero's claims are worded from. */
export interface LandingCatalog {
  items: Map<CatalogKey, CatalogItemDto>;
  practiceQuestions: number;
  feedbackMinutes: CatalogResponse["feedbackMinutes"];
}

const catalog = createRemote(async (): Promise<LandingCatalog> => {
  const response = await apiFetch<CatalogResponse>("/api/catalog", {
    signal: AbortSignal.timeout(CATALOG_READ_TIMEOUT_MS),
  });
  rememberCatalog(response);
  return {
    items: new Map(response.items.map((item) => [item.key, item])),
    practiceQuestions: response.practiceQuestions,
    feedbackMinutes: response.feedbackMinutes,
  };
});

function rememberCatalog(response: CatalogResponse): void {
  try {
    window.localStorage.setItem(LAST_KNOWN_CATALOG_KEY, JSON.stringify(response.items));
  } catch {
    // Storage may be full or blocked: the page then has no last known prices, nothing more.
  }
}

/** The prices of the last catalog this browser read, for when the server cannot be reached. */
export function lastKnownCatalog(): Map<CatalogKey, CatalogItemDto> {
  try {
    const items = JSON.parse(window.localStorage.getItem(LAST_KNOWN_CATALOG_KEY) ?? "[]") as CatalogItemDto[];
    return new Map(items.map((item) => [item.key, item]));
  } catch {
    return new Map();
  }
}

export const retryLandingCatalog = () => catalog.refresh().catch(() => undefined);

export const useVisitor = () => useRemote(visitor);
export const useLandingCatalog = () => useRemote(catalog);
