import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OpenAPIBackend, type Operation } from "openapi-backend";

/**
 * Every answer an API test receives is checked against the API document the app serves: its
 * status must be declared for its operation, its media type declared for that status, and a JSON
 * body must match the declared schema (openapi-backend's response validator, on AJV's JSON Schema
 * 2020-12 as OpenAPI 3.1 requires). Mismatches are collected here and fail the test that caused them
 * (setup.ts), as `console.error` does.
 */

export interface ContractViolation {
  operation: string;
  status: number;
  problem: string;
}

const violations: ContractViolation[] = [];

/** The mismatches found since the last call (the test setup fails the test on any). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0);
}

const checkers = new WeakMap<FastifyInstance, Promise<OpenAPIBackend>>();

/** Builds the app's checker once; an onReady hook calls it, so no answer waits for it. */
export async function checkerFor(app: FastifyInstance): Promise<OpenAPIBackend> {
  let checker = checkers.get(app);
  if (!checker) {
    const backend = new OpenAPIBackend({
      definition: structuredClone(app.swagger()) as never,
      strict: true,
      quick: true,
      customizeAjv: (_original, options) => {
        const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
        addFormats.default(ajv);
        return ajv as never;
      },
    });
    checker = backend.init();
    checkers.set(app, checker);
  }
  return checker;
}

/** The operation a request reached, by its route's pattern (or, for better-auth's, its path). */
function operationOf(backend: OpenAPIBackend, request: FastifyRequest): Operation | undefined {
  const pattern = request.routeOptions.url;
  if (!pattern?.startsWith("/api/") || request.method === "HEAD") return undefined;
  const hidden = (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide;
  const path = hidden ? request.url.split("?")[0] : pattern.replace(/:(\w+)/g, "{$1}");
  return backend.router.getOperations().find((op) => op.path === path && op.method.toUpperCase() === request.method);
}

/** The body as sent, decoded when the route sent it pre-compressed (the slot lists do). */
function textOf(reply: FastifyReply, payload: unknown): string | undefined {
  if (typeof payload === "string") return payload;
  if (!Buffer.isBuffer(payload)) return undefined;
  const encoding = String(reply.getHeader("content-encoding") ?? "");
  if (encoding === "br") return brotliDecompressSync(payload).toString();
  if (encoding === "gzip") return gunzipSync(payload).toString();
  return payload.toString();
}

const mediaTypeOf = (reply: FastifyReply) =>
  String(reply.getHeader("content-type") ?? "")
    .split(";")[0]
    ?.trim();

function problemsWith(backend: OpenAPIBackend, operation: Operation, reply: FastifyReply, payload: unknown): string[] {
  const status = String(reply.statusCode);
  const declared = operation.responses?.[status] as { content?: Record<string, unknown> } | undefined;
  if (!declared) return [`answered ${status}, which the document does not declare`];
  // Node sends no body with a 204 or 304, whatever the handler passed.
  if (reply.statusCode === 204 || reply.statusCode === 304) return [];
  const text = textOf(reply, payload);
  if (!declared.content) return text ? [`answered ${status} with a body the document does not declare`] : [];
  const mediaType = mediaTypeOf(reply) ?? "";
  if (!declared.content[mediaType]) return [`answered ${status} as ${mediaType || "no media type"}, not declared`];
  if (mediaType !== "application/json" || text === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`answered ${status} with a body that is not JSON`];
  }
  const result = backend.validateResponse(body, operation, reply.statusCode);
  return (result.errors ?? []).map((error) => `body ${error.instancePath || "/"} ${error.message ?? ""}`.trim());
}

/** The onSend hook the test apps run (BuildOptions.onAnswer). */
export async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const backend = await checkerFor(request.server);
  const pattern = request.routeOptions.url;
  const operation = operationOf(backend, request);
  if (!operation) {
    const documented = (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide !== true;
    if (pattern?.startsWith("/api/") && documented && request.method !== "HEAD") {
      violations.push({ operation: `${request.method} ${pattern}`, status: reply.statusCode, problem: "undocumented" });
    }
    return;
  }
  for (const problem of problemsWith(backend, operation, reply, payload)) {
    violations.push({ operation: operation.operationId ?? pattern ?? "", status: reply.statusCode, problem });
  }
}
