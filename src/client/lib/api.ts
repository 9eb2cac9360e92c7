import { REQUEST_TIMEOUT_MS } from "../../shared/constants.js";
import type { ErrorCode } from "../../shared/errors.js";
import { NETWORK_MESSAGES } from "../../shared/messages.js";

/** An error answered by our API, in its one shape; `message` is meant for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | "TIMEOUT",
    message: string,
    readonly field?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNetwork(): boolean {
    return this.code === "NETWORK" || this.code === "TIMEOUT";
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A body sent as it is, with its own media type (a CSV file), instead of JSON. */
  text?: { body: string; contentType: string };
  signal?: AbortSignal;
  keepalive?: boolean;
}

type ConnectivityListener = (online: boolean) => void;
const connectivityListeners = new Set<ConnectivityListener>();

/** Lets the offline banner hear about requests that could not reach the server. */
export function onConnectivityChange(listener: ConnectivityListener): () => void {
  connectivityListeners.add(listener);
  return () => connectivityListeners.delete(listener);
}

function reportConnectivity(online: boolean): void {
  for (const listener of connectivityListeners) listener(online);
}

/** JSON request to our API with the 15 s time-out (docs/product.md, Network and deploys). */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.text) headers["content-type"] = request.text.contentType;

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? "GET",
      headers,
      body: request.text ? request.text.body : request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: "same-origin",
      signal,
      keepalive: request.keepalive,
    });
  } catch (err) {
    if (request.signal?.aborted) throw err;
    if (timeout.aborted) {
      reportConnectivity(false);
      throw new ApiError(0, "TIMEOUT", NETWORK_MESSAGES.requestTimedOut);
    }
    reportConnectivity(false);
    throw new ApiError(0, "NETWORK", NETWORK_MESSAGES.connectionFailed);
  }
  reportConnectivity(true);

  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data as { error?: { code?: ErrorCode; message?: string; field?: string; details?: unknown } } | null)
      ?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "INTERNAL",
      error?.message ?? NETWORK_MESSAGES.serverStatus(response.status),
      error?.field,
      error?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
