import { isRouteErrorResponse, useRouteError } from "react-router";
import { NETWORK_MESSAGES } from "../../shared/messages.js";
import { ChunkLoadError } from "../lib/lazy.js";
import { Button } from "./button.js";

/** Never a blank page: a chunk that failed to load (or any render error) gets a clear way out. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk
    ? error.type === "newBuild"
      ? NETWORK_MESSAGES.newVersionTitle
      : error.type === "connection"
        ? NETWORK_MESSAGES.connectionProblemTitle
        : NETWORK_MESSAGES.pageLoadFailedTitle
    : isRouteErrorResponse(error)
      ? NETWORK_MESSAGES.errorStatusTitle(error.status)
      : NETWORK_MESSAGES.somethingWentWrongTitle;
  const body = chunk
    ? error.type === "newBuild"
      ? NETWORK_MESSAGES.newVersionBody
      : NETWORK_MESSAGES.pageLoadFailedBody
    : NETWORK_MESSAGES.somethingWentWrongBody;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{body}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
