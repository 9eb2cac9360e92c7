import { type ComponentType, lazy } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../shared/constants.js";

/** "newBuild": the server now serves another build; "connection": the chunk could not be fetched. */
export type ChunkLoadErrorType = "newBuild" | "connection" | "timeout" | "other";

export class ChunkLoadError extends Error {
  constructor(
    readonly type: ChunkLoadErrorType,
    cause: unknown,
  ) {
    super(`ChunkLoadError (${type})`, { cause });
    this.name = "ChunkLoadError";
  }
}

/** The entry script a page's HTML loads: each build names it by its content hash. */
function entryScriptOf(root: ParentNode): string | undefined {
  const src = root.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");
  return src ? new URL(src, window.location.href).pathname : undefined;
}

/**
 * A chunk that fails to load means a deploy only when the page's HTML, fetched again, loads another
 * entry script; when that fetch fails too, or names the same build, the connection is to blame.
 */
async function newBuildExists(): Promise<boolean> {
  const mine = entryScriptOf(document);
  if (!mine) return false;
  try {
    const response = await fetch(window.location.href, { cache: "no-store", headers: { accept: "text/html" } });
    if (!response.ok) return false;
    const served = entryScriptOf(new DOMParser().parseFromString(await response.text(), "text/html"));
    return served !== undefined && served !== mine;
  } catch {
    return false;
  }
}

async function classify(err: unknown): Promise<ChunkLoadErrorType> {
  const message = err instanceof Error ? err.message : String(err);
  if (/timed out/i.test(message)) return "timeout";
  if (
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  ) {
    return (await newBuildExists()) ? "newBuild" : "connection";
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
        throw new ChunkLoadError(await classify(err), err);
      }
    }
  });
}
