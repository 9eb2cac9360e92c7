import { isRouteErrorResponse, useRouteError } from "react-router";
import { ChunkLoadError } from "../lib/lazy.js";
import { Button } from "./button.js";

/** Never a blank page: a chunk that failed to load (or any render error) gets a clear way out. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk
    ? error.type === "missing"
      ? "A new version is available"
      : "This page could not load"
    : isRouteErrorResponse(error)
      ? `Error ${error.status}`
      : "Something went wrong";
  const body = chunk
    ? error.type === "missing"
      ? "We updated CareerPrep since you opened it. Reload to get the latest version."
      : "Your connection may be slow or offline. Reload to try again."
    : "Reload the page to try again. If it keeps happening, contact us from the home page.";
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{body}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
