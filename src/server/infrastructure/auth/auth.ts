import { betterAuth } from "better-auth";
// Each plugin from its own entry: the "better-auth/plugins" index loads every plugin better-auth ships
// (docs/decisions/0246-auth-plugins-by-entry.md).
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import type { FastifyBaseLogger } from "fastify";
import { MAGIC_LINK_TTL_MINUTES } from "../../../shared/constants.js";
import { isVisibleLine } from "../../../shared/plain-text.js";
import type { Config } from "../../config.js";
import type { Db, Dialect } from "../../db/database.js";
import type { Mailer } from "../mail/message.js";
import { magicLinkEmail } from "./emails.js";

async function keepVisibleName<T extends { name?: unknown }>(user: T): Promise<{ data: T } | undefined> {
  return typeof user.name === "string" && !isVisibleLine(user.name) ? { data: { ...user, name: "" } } : undefined;
}

export function createAuth(options: {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  /** Called after a session's row is deleted, however better-auth ended it. */
  onSessionEnded?: (session: { id: string; userId: string }) => Promise<void>;
}) {
  const { config, db, dialect, mailer, log, onSessionEnded } = options;
  return betterAuth({
    appName: "CareerPrep",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db, type: dialect, transaction: true },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: { enabled: false },
    session: {
      // "The session persists until logout" (docs/product.md, Sign-in): a long, rolling server-side session.
      expiresIn: 60 * 60 * 24 * 365,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      // Sign-out, revoke-session, revoke-sessions and revoke-other-sessions all delete through this hook, so a
      // session ended by any of them is announced, whatever the path was called (docs/security.md, Live streams).
      session: { delete: { after: async (session) => onSessionEnded?.({ id: session.id, userId: session.userId }) } },
      // A name from a sign-up or an identity provider is kept only when it is visible text, one line:
      // ours to print on certificates and in the console (docs/decisions/0310-visible-text-only.md).
      user: { create: { before: keepVisibleName }, update: { before: keepVisibleName } },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    rateLimit: { enabled: false },
    // Names come from the verified profile (PUT /api/profile) and e-mail from the sign-in itself;
    // better-auth's own endpoints for changing a user are closed (docs/security.md, Who may do what).
    disabledPaths: ["/update-user", "/change-email", "/delete-user"],
    // Into our log, message only: the extra arguments can carry tokens (docs/security.md, Logs).
    logger: { level: "warn", log: (level, message) => log?.[level](message), disabled: !log },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(magicLinkEmail(email, url));
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  name: "Google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
