import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Config } from "./config.js";
import type { Db, Dialect } from "./db/database.js";
import type { Auth } from "./infrastructure/auth/auth.js";
import type { SessionCache } from "./infrastructure/auth/session-cache.js";
import type { EventBus } from "./infrastructure/events/bus.js";
import type { HeavyReads } from "./infrastructure/heavy-reads.js";
import type { Mailer } from "./infrastructure/mail/message.js";
import type { PaymentProvider } from "./infrastructure/payments/provider.js";
import type { FileStorage } from "./infrastructure/storage/storage.js";

/** What every route, service and job receives: built once in app.ts, never looked up elsewhere. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  pool: pg.Pool | undefined;
  auth: Auth;
  /** Verified sign-in sessions this app remembers for a few seconds (plugins/auth.ts); booked sessions are modules/sessions. */
  authSessions: SessionCache;
  mailer: Mailer;
  /** The payment provider (Razorpay, or the test-mode one), built once from the configuration. */
  payments: PaymentProvider;
  bus: EventBus;
  /** Recordings and resumes: a folder or an S3-compatible bucket (infrastructure/storage). */
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The heaviest reads take turns, a few at a time (infrastructure/heavy-reads.ts). */
  heavyReads: HeavyReads;
  /** Background work started by modules (job workers, sweepers), stopped on close. */
  stoppers: Array<() => Promise<void> | void>;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
