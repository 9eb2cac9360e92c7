import { errorResponseObject } from "./error-examples.js";
import type { PathsObject, ResponseObject, SchemaObject } from "./openapi-objects.js";

/**
 * The better-auth endpoints our pages call, as better-auth answers them (its refusals translated to
 * the one error shape by plugins/auth.ts, like the app's own: the cross-site guard, body limits and
 * the sign-in rate limits). Written from better-auth's magic-link
 * plugin and sign-in/sign-out endpoints; the API tests sign in through them, so each answer they get
 * is checked against these lines.
 */

const json = (schema: SchemaObject) => ({ "application/json": { schema } });

/** A refusal by better-auth, answered in the one error shape like the app's own. */
const refused = (status: string, description: string): ResponseObject => ({
  ...errorResponseObject(status),
  description,
});

/** What every route answers (plugins/api-document.ts, derivedErrorStatuses). */
const anyRouteErrors = {
  "400": refused("400", "A NUL character in the query"),
  "500": errorResponseObject("500"),
};

const writeErrors = {
  ...anyRouteErrors,
  "400": refused("400", "The body is not valid JSON or fails better-auth's validation"),
  "403": errorResponseObject("403"),
  "413": errorResponseObject("413"),
  "415": errorResponseObject("415"),
};

const sessionSchema: SchemaObject = {
  type: "object",
  required: ["session", "user"],
  properties: {
    session: {
      type: "object",
      required: ["id", "userId", "expiresAt"],
      properties: { id: { type: "string" }, userId: { type: "string" }, expiresAt: { type: "string" } },
    },
    user: {
      type: "object",
      required: ["id", "email"],
      properties: {
        id: { type: "string" },
        email: { type: "string" },
        name: { type: "string" },
        emailVerified: { type: "boolean" },
        image: { type: ["string", "null"] },
      },
    },
  },
};

const redirect = (description: string): ResponseObject => ({
  description,
  headers: {
    location: { description: "Where the browser goes next", schema: { type: "string" } },
    "set-cookie": { description: "The session cookie, on success", schema: { type: "string" } },
  },
});

const urlField = (description: string): SchemaObject => ({ type: "string", description });

export const AUTH_PATHS: PathsObject = {
  "/api/auth/sign-in/magic-link": {
    post: {
      operationId: "sendSignInLink",
      security: [],
      tags: ["auth"],
      summary: "E-mail a single-use sign-in link (valid 10 minutes) to this address",
      requestBody: {
        required: true,
        content: json({
          type: "object",
          required: ["email"],
          properties: {
            email: { type: "string", format: "email" },
            callbackURL: urlField("Path on this site to land on once signed in"),
            errorCallbackURL: urlField("Path to land on when the link is invalid or expired"),
            newUserCallbackURL: urlField("Path for a first sign-in"),
          },
        }),
      },
      responses: {
        "200": {
          description: "The link is sent",
          content: json({ type: "object", required: ["status"], properties: { status: { type: "boolean" } } }),
        },
        ...writeErrors,
        "429": errorResponseObject("429"),
      },
    },
  },
  "/api/auth/magic-link/verify": {
    get: {
      operationId: "verifySignInLink",
      security: [],
      tags: ["auth"],
      summary: "The link from the e-mail: sets the session cookie and redirects to callbackURL",
      parameters: ["token", "callbackURL", "errorCallbackURL", "newUserCallbackURL"].map((name) => ({
        name,
        in: "query",
        required: name === "token",
        schema: { type: "string" },
      })),
      responses: {
        "200": {
          description: "Signed in (no callbackURL given): the session and its user",
          content: json({
            ...sessionSchema,
            required: ["token", "session", "user"],
            properties: { ...(sessionSchema.properties as SchemaObject), token: { type: "string" } },
          }),
        },
        "302": redirect("Signed in (to callbackURL), or refused (to errorCallbackURL with ?error=INVALID_TOKEN)"),
        ...anyRouteErrors,
        "400": refused("400", "The token is missing"),
        "403": refused("403", "A callback URL on another site"),
      },
    },
  },
  "/api/auth/sign-in/social": {
    post: {
      operationId: "startGoogleSignIn",
      security: [],
      tags: ["auth"],
      summary: "Start Google sign-in: answers the provider's URL to send the browser to",
      requestBody: {
        required: true,
        content: json({
          type: "object",
          required: ["provider"],
          properties: {
            provider: { type: "string", enum: ["google"] },
            callbackURL: urlField("Path on this site to land on once signed in"),
            errorCallbackURL: urlField("Path to land on when sign-in fails"),
          },
        }),
      },
      responses: {
        "200": {
          description: "Go to `url`",
          content: json({
            type: "object",
            required: ["url"],
            properties: { url: { type: "string" }, redirect: { type: "boolean" } },
          }),
        },
        ...writeErrors,
        "404": refused("404", "Google sign-in is not configured on this server"),
      },
    },
  },
  "/api/auth/sign-out": {
    post: {
      operationId: "signOut",
      tags: ["auth"],
      summary: "Revoke this session (in every server process) and clear its cookie",
      security: [{ sessionCookie: [] }, {}],
      responses: {
        "200": {
          description: "Signed out",
          content: json({ type: "object", required: ["success"], properties: { success: { type: "boolean" } } }),
        },
        ...writeErrors,
      },
    },
  },
  "/api/auth/get-session": {
    get: {
      operationId: "getSession",
      tags: ["auth"],
      summary: "The signed-in session and user, or null",
      security: [{ sessionCookie: [] }, {}],
      responses: {
        "200": {
          description: "The session, or null when signed out",
          content: json({ anyOf: [sessionSchema, { type: "null" }] }),
        },
        ...anyRouteErrors,
      },
    },
  },
};
