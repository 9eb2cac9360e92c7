import type { ApiErrorBody } from "../../shared/errors.js";
import { API_MESSAGES, MESSAGES } from "../../shared/messages.js";
import { RECORDING_MESSAGES } from "../../shared/recording-messages.js";
import type { ResponseObject, SchemaObject } from "./openapi-objects.js";

const API_ERROR_REF = "#/components/schemas/ApiError";

const example = (summary: string, error: ApiErrorBody["error"]) => ({ summary, value: { error } });

/** One example of each error status, in the shape and wording the API really answers with. */
export const ERROR_EXAMPLES = {
  Validation: example("A field fails validation", {
    code: "VALIDATION",
    message: "Too small: expected string to have >=1 characters",
    field: "name",
  }),
  Unreadable: example("The body is not valid JSON", { code: "BAD_REQUEST", message: API_MESSAGES.unreadable }),
  Unauthenticated: example("No session cookie, or a revoked one", {
    code: "UNAUTHENTICATED",
    message: API_MESSAGES.signInRequired,
  }),
  Forbidden: example("Signed in, but not an admin", { code: "FORBIDDEN", message: MESSAGES.notAuthorized }),
  CrossSite: example("A write whose Origin is not the app's own", {
    code: "CROSS_SITE",
    message: API_MESSAGES.crossSite,
  }),
  NotFound: example("Nothing has this id", { code: "NOT_FOUND", message: API_MESSAGES.slotNotFound }),
  Conflict: example("The seat went to someone else", {
    code: "SLOT_HELD",
    message: MESSAGES.slotHeld,
  }),
  TooLarge: example("The body is over 256 KiB", { code: "BAD_REQUEST", message: API_MESSAGES.tooLarge }),
  RangeNotSatisfiable: example("The asked range is outside the file", {
    code: "RANGE_NOT_SATISFIABLE",
    message: RECORDING_MESSAGES.badRange,
  }),
  UnsupportedMediaType: example("The body is not JSON", {
    code: "BAD_REQUEST",
    message: API_MESSAGES.unsupportedContentType,
  }),
  RateLimited: example("Over the route's budget", {
    code: "RATE_LIMITED",
    message: API_MESSAGES.rateLimited("1 minute"),
  }),
  Internal: example("A failure on our side", { code: "INTERNAL", message: API_MESSAGES.internal }),
  Unavailable: example("The database is not reachable", {
    code: "UNAVAILABLE",
    message: API_MESSAGES.databaseUnreachable,
  }),
} satisfies Record<string, { summary: string; value: unknown }>;

type ExampleName = keyof typeof ERROR_EXAMPLES;

const EXAMPLES_BY_STATUS: Record<string, ExampleName[]> = {
  "400": ["Validation", "Unreadable"],
  "401": ["Unauthenticated"],
  "403": ["Forbidden", "CrossSite"],
  "404": ["NotFound"],
  "409": ["Conflict"],
  "413": ["TooLarge"],
  "415": ["UnsupportedMediaType"],
  "416": ["RangeNotSatisfiable"],
  "429": ["RateLimited"],
  "500": ["Internal"],
  "503": ["Unavailable"],
};

/** The headers every rate-limited answer (and every answer of a limited route) carries. */
export const RESPONSE_HEADERS = {
  RetryAfter: {
    description: "Seconds to wait before trying again",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitLimit: { description: "The route's budget for this window", schema: { type: "integer", minimum: 0 } },
  RateLimitRemaining: { description: "What is left of the budget", schema: { type: "integer", minimum: 0 } },
  RateLimitReset: { description: "Seconds until the window ends", schema: { type: "integer", minimum: 0 } },
} satisfies Record<string, { description: string; schema: SchemaObject }>;

const RATE_LIMIT_HEADERS = {
  "retry-after": { $ref: "#/components/headers/RetryAfter" },
  "x-ratelimit-limit": { $ref: "#/components/headers/RateLimitLimit" },
  "x-ratelimit-remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "x-ratelimit-reset": { $ref: "#/components/headers/RateLimitReset" },
};

/** An error response of the document: the shared schema by reference, with its status's examples. */
export function errorResponseObject(status: string): ResponseObject {
  const names = EXAMPLES_BY_STATUS[status] ?? [];
  return {
    description: "Error",
    ...(status === "429" ? { headers: RATE_LIMIT_HEADERS } : {}),
    content: {
      "application/json": {
        schema: { $ref: API_ERROR_REF },
        ...(names.length > 0
          ? { examples: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/examples/${name}` }])) }
          : {}),
      },
    },
  };
}
