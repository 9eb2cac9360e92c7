import { QueryClient } from "@tanstack/react-query";
import { RETRY_BACKOFF } from "../../shared/constants.js";
import { ApiError } from "./api.js";

export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BACKOFF.initialMs * RETRY_BACKOFF.factor ** attempt, RETRY_BACKOFF.maxMs);
}

/** Reads retry with backoff (network faults and 5xx only); writes are never retried blindly. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 5 && (!(error instanceof ApiError) || error.isNetwork || error.status >= 500),
        retryDelay,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
