import { type ComponentType, lazy } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../shared/constants.js";

export type ChunkLoadErrorType = "missing" | "timeout" | "other";

export class ChunkLoadError extends Error {
  constructor(
    readonly type: ChunkLoadErrorType,
    cause: unknown,
  ) {
    super(`ChunkLoadError (${type})`, { cause });
    this.name = "ChunkLoadError";
  }
}

function classify(err: unknown): ChunkLoadErrorType {
  const message = err instanceof Error ? err.message : String(err);
  if (/timed out/i.test(message)) return "timeout";
  if (
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  ) {
    return "missing";
  }
  return "other";
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("chunk load timed out")), CHUNK_LOAD_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** A route chunk that retries once, then fails with a typed ChunkLoadError for the error boundary. */
export function lazyRoute<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      return await withTimeout(load());
    } catch {
      try {
        return await withTimeout(load());
      } catch (err) {
        throw new ChunkLoadError(classify(err), err);
      }
    }
  });
}
