import type { Readable } from "node:stream";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../shared/schemas/api-error.js";
import { registerComponentSchemas } from "./api-components.js";
import { AUTH_PATHS } from "./auth-document.js";
import { ERROR_EXAMPLES, errorResponseObject, RESPONSE_HEADERS } from "./error-examples.js";
import type { OpenApiDocument, OperationObject, ResponseObject } from "./openapi-objects.js";

/** The security scheme of every operation that needs a signed-in user (better-auth's session cookie). */
export const SESSION_SCHEME = "sessionCookie";
/** An operation that answers 401 without the session cookie. */
export const signedIn: Array<Record<string, string[]>> = [{ [SESSION_SCHEME]: [] }];
/** An operation that works signed out and answers more (or differently) signed in. */
export const sessionOptional: Array<Record<string, string[]>> = [{ [SESSION_SCHEME]: [] }, {}];

type RouteSchema = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  response?: Record<string, unknown>;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  hide?: boolean;
};

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The error statuses whole classes of routes answer, from what the route itself declares: its method
 * (bodies: 400 unreadable, 413, 415; the cross-site guard's 403), its session
 * (401), the admin guard (401, 403), its rate limit (429) and the error handler's 500. Added to the route's own response map,
 * so the serializer and the API document say the same.
 */
export function derivedErrorStatuses(route: RouteOptions): number[] {
  const schema = route.schema as RouteSchema | undefined;
  const methods = [route.method].flat();
  // Any route can fail on our side (500), and any refuses a NUL character in its path or query (400,
  // plugins/text-input.ts).
  const statuses = new Set<number>([400, 500]);
  if (methods.some((method) => WRITES.has(method))) {
    for (const status of [400, 413, 415]) statuses.add(status);
    if (!(route.config as { crossSiteWrites?: boolean } | undefined)?.crossSiteWrites) statuses.add(403);
  }
  const needsSession = schema?.security?.some((requirement) => Object.keys(requirement).length > 0) === true;
  const optional = schema?.security?.some((requirement) => Object.keys(requirement).length === 0) === true;
  if (needsSession && !optional) statuses.add(401);
  if (route.url.startsWith("/api/admin/")) for (const status of [401, 403]) statuses.add(status);
  const config = route.config as { rateLimit?: unknown; liveStream?: boolean } | undefined;
  // A live stream past its caps is refused with 429 (docs/decisions/0102-stream-caps.md).
  if (config?.rateLimit || config?.liveStream) statuses.add(429);
  return [...statuses];
}

function declareDerivedErrors(route: RouteOptions): void {
  const schema = route.schema as RouteSchema | undefined;
  if (!schema || schema.hide || !route.url.startsWith("/api/")) return;
  schema.operationId ??= operationIdOf(route);
  // A route that declares the signed-out 401 itself needs the session cookie.
  if (!schema.security && (route.url.startsWith("/api/admin/") || schema.response?.[401])) schema.security = signedIn;
  const missing = derivedErrorStatuses(route).filter((status) => !schema.response?.[status]);
  schema.response = { ...schema.response, ...errorResponses(...missing) };
}

/**
 * A route that names no operation gets one from its method and path, as a client generator would
 * spell it: `POST /api/me/internships/:bookingId/standups` is `postMeInternshipsByBookingIdStandups`.
 */
export function operationIdOf(route: RouteOptions): string {
  const method = [route.method].flat()[0]?.toLowerCase() ?? "get";
  const words = route.url
    .split("/")
    .filter((segment) => segment !== "" && segment !== "api")
    .map((segment) => (segment.startsWith(":") ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z]+/))
    .filter((word) => word !== "");
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

const BINARY_MEDIA = /^(application\/pdf|text\/calendar|text\/csv|text\/event-stream|application\/octet-stream)/;

/** A non-JSON answer: its media type and a schema of its bytes, as the document shows it. */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.custom<Buffer | string | Readable>(() => true) } } };
}

/** Binary answers are bytes, not a JSON string: OpenAPI 3.1 says so with `contentMediaType`. */
function describeFileContent(operation: OperationObject): void {
  for (const response of Object.values(operation.responses ?? {})) {
    const content = (response as ResponseObject).content ?? {};
    for (const [mediaType, media] of Object.entries(content)) {
      if (!BINARY_MEDIA.test(mediaType)) continue;
      media.schema = mediaType.startsWith("text/")
        ? { type: "string" }
        : { type: "string", contentMediaType: mediaType };
    }
  }
}

const STATUS_TEXT: Record<string, string> = {
  "200": "Success",
  "201": "Created",
  "204": "Done; no content",
  "400": "The request is malformed or fails validation",
  "401": "Not signed in (or the admin sign-in has expired)",
  "403": "Signed in but not allowed, or a write from another site",
  "404": "Not found",
  "409": "Conflicts with the current state",
  "413": "The body is over 256 KiB",
  "415": "The body's content type is not JSON",
  "429": "Rate-limited: wait `Retry-After` seconds",
  "500": "Something went wrong on our side (details are logged, never answered)",
  "503": "Not ready or shutting down",
};

/** Errors refer to the one `ApiError` schema with an example; 204s carry no content. */
function finishResponses(operation: OperationObject): void {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  for (const [status, response] of Object.entries(responses)) {
    if (status === "204") delete response.content;
    if (Number(status) >= 400) responses[status] = { ...errorResponseObject(status), ...pick(response) };
    const text = STATUS_TEXT[status];
    if (text && responses[status]?.description === "Default Response") responses[status].description = text;
  }
}

const pick = (response: ResponseObject) =>
  response.description === "Default Response" ? {} : { description: response.description };

function finishDocument(document: OpenApiDocument): OpenApiDocument {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (typeof operation !== "object" || !("responses" in operation)) continue;
      describeFileContent(operation);
      finishResponses(operation);
      // An operation that declares no session is public, and says so.
      operation.security ??= [];
    }
  }
  return withoutUnusedSchemas({ ...document, paths: { ...document.paths, ...AUTH_PATHS } });
}

/** Input copies of output schemas that no request uses would be noise for a client generator. */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const components = document.components as { schemas?: Record<string, unknown> };
  const all = components.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? "");
  const used = new Set<string>();
  const pending = refsIn(document.paths);
  while (pending.length > 0) {
    const id = pending.pop() ?? "";
    if (used.has(id)) continue;
    used.add(id);
    pending.push(...refsIn(all[id] ?? {}));
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([id]) => used.has(id)));
  return { ...document, components: { ...components, schemas } };
}

function components(sessionCookieName: string): Record<string, unknown> {
  return {
    securitySchemes: {
      [SESSION_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: sessionCookieName,
        description:
          "better-auth's session cookie, set by `GET /api/auth/magic-link/verify` (or the Google callback) and " +
          "cleared by `POST /api/auth/sign-out`. Send it back on every request; see docs/api.md.",
      },
    },
    examples: ERROR_EXAMPLES,
    headers: RESPONSE_HEADERS,
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Adds a route's `documentedOnly` body and headers (read raw by the route) to its operation. */
function withDocumentedOnly(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const documented = (input.schema as { documentedOnly?: DocumentedOnly } | undefined)?.documentedOnly;
  if (!documented) return result;
  const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" });
  const { $schema: _, ...body } = toJson(documented.body);
  const { $schema: __, ...headers } = documented.headers ? toJson(documented.headers) : {};
  return { ...result, schema: { ...result.schema, body, ...(documented.headers ? { headers } : {}) } };
}

interface DocumentedOnly {
  body: z.ZodType;
  headers?: z.ZodType;
}

declare module "fastify" {
  interface FastifySchema {
    /** What the document shows of a request the route reads raw (not validated by the router). */
    documentedOnly?: DocumentedOnly;
  }
}

/**
 * `GET /api/openapi.json` (OpenAPI 3.1, from the routes' Zod schemas) and its page `/api/docs`.
 * Registered before any route, so every route's derived error statuses are in place when the
 * routes are compiled and documented.
 */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.deps.config;
  const sessionCookieName = `${publicUrl.startsWith("https://") ? "__Secure-" : ""}better-auth.session_token`;
  registerComponentSchemas();
  app.addHook("onRoute", declareDerivedErrors);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "CareerPrep API",
        version: "1.0.0",
        description:
          "Mock interviews, workshops and internships. Errors share one shape (`ApiError`); sign-in, " +
          "rate limits, idempotency keys, pagination and the Razorpay webhook are explained in docs/api.md.",
        license: { name: "Proprietary: terms on the site", url: publicUrl },
      },
      servers: [{ url: publicUrl }],
      components: components(sessionCookieName) as never,
    },
    transform: withDocumentedOnly,
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as OpenApiDocument) as never,
  });
  // Tags start folded (a hundred operations render slowly); a link like /api/docs#/booking/takeHold opens one.
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "none", deepLinking: true },
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
