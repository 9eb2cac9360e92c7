import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type BuildOptions, buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Dialect } from "../db/database.js";
import { insertAdmin } from "../modules/admins/repository.js";
import { checkAnswer, checkerFor } from "./api-contract.js";
import { createTemporaryPostgresDatabase } from "./postgres.js";
import { injectTransport, signInThroughOutbox } from "./sign-in.js";

export interface TestApp {
  app: FastifyInstance;
  dialect: Dialect;
  databaseUrl: string;
  /** Signs in through the real magic-link flow (outbox → verify) and returns the session cookie. */
  signIn(email: string): Promise<string>;
  /** Signs in a user who is also an admin. */
  signInAdmin(email?: string): Promise<string>;
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const DIALECTS: Dialect[] = ["sqlite", "postgres"];

/**
 * Everything production requires (docs/security.md, Production), pointing at addresses nothing
 * listens on: tests that send mail or SMS in production mode replace the mailer or start a stand-in.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://careerprep.example.in",
  AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  SMTP_URL: "smtp://127.0.0.1:9",
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "http://127.0.0.1:9/sms",
  PAYMENT_PROVIDER: "razorpay",
  RAZORPAY_KEY_ID: "rzp_live_x",
  RAZORPAY_KEY_SECRET: "secret",
  RAZORPAY_WEBHOOK_SECRET: "webhook-secret",
};

export function postgresAvailable(): boolean {
  return inject("postgresAvailable");
}

/** The configuration every test app runs with: quiet, no demo data, generous limits unless a test sets its own. */
function testConfig(databaseUrl: string, env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    PUBLIC_URL: "http://localhost:3000",
    SIGN_IN_RATE_LIMIT: "1000",
    SIGN_IN_EMAIL_RATE_LIMIT: "1000",
    CHECKOUT_RATE_LIMIT: "1000",
    // The catalog's figure read at every request, so a test sees the scorecard it just wrote.
    CATALOG_FIGURES_MAX_AGE_SECONDS: "0",
    ...env,
  });
}

/**
 * A second app on a test app's database, as a second server process would be: its own caches,
 * streams and locks, the same rows (the two-instance tests).
 */
export async function buildSecondApp(first: TestApp, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return checkingAnswers(
    await buildApp(testConfig(first.databaseUrl, env), {
      startWorkers: false,
      onAnswer: checkAnswer,
      verifyAnswers: true,
    }),
  );
}

/** Every answer is checked against the API document (api-contract.ts); a mismatch fails the test. */
function checkingAnswers(app: FastifyInstance): FastifyInstance {
  app.addHook("onReady", async () => void (await checkerFor(app)));
  return app;
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  if (dialect === "postgres") {
    const temp = await createTemporaryPostgresDatabase();
    databaseUrl = temp.url;
    dropDatabase = temp.drop;
  } else {
    const file = path.join(os.tmpdir(), `careerprep-test-${randomBytes(6).toString("hex")}.db`);
    databaseUrl = `file:${file}`;
    dropDatabase = async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    };
  }
  const config = testConfig(databaseUrl, env);
  const app = checkingAnswers(
    await buildApp(config, { startWorkers: false, onAnswer: checkAnswer, verifyAnswers: true, ...options }),
  );

  // As our own pages do: browsers send Origin on every write (docs/security.md, Cross-site writes).
  const request = (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, ...rest } = opts;
    return app.inject({
      ...rest,
      headers: { origin: config.publicUrl, ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
  };

  const signIn = (email: string) => signInThroughOutbox(app.deps.db, injectTransport(app, config.publicUrl), email);

  return {
    app,
    dialect,
    databaseUrl,
    signIn,
    async signInAdmin(email = "admin@example.com") {
      await insertAdmin(app.deps.db, email, "test");
      return signIn(email);
    },
    request,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * Runs a suite once per database dialect, each on a fresh database. PostgreSQL suites are skipped
 * (with a notice from the global setup) only when PostgreSQL is unreachable outside CI.
 * `options` go to every run's app (e.g. `{ onQuery }` to record the statements it sends).
 */
export function describeEachDialect(
  name: string,
  suite: (t: () => TestApp) => void,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): void {
  for (const dialect of DIALECTS) {
    const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
    run(`${name} [${dialect}]`, () => {
      let testApp: TestApp | undefined;
      beforeAll(async () => {
        testApp = await createTestApp(dialect, env, options);
      }, 60_000);
      afterAll(async () => {
        await testApp?.close();
      });
      suite(() => {
        if (!testApp) throw new Error("test app not started");
        return testApp;
      });
    });
  }
}

/** The two apps of a two-instance suite: a test app and a second app on its PostgreSQL database. */
export interface TwoInstances {
  first: TestApp;
  second: FastifyInstance;
}

/**
 * A suite for rules that must hold across server processes: two apps on one PostgreSQL, each with
 * its own caches, streams and locks (PostgreSQL only: one SQLite file is one process's).
 */
export function describeTwoInstances(name: string, suite: (apps: () => TwoInstances) => void): void {
  (postgresAvailable() ? describe : describe.skip)(name, () => {
    let apps: TwoInstances | undefined;
    beforeAll(async () => {
      const first = await createTestApp("postgres");
      apps = { first, second: await buildSecondApp(first) };
    }, 60_000);
    afterAll(async () => {
      await apps?.second.close();
      await apps?.first.close();
    });
    suite(() => {
      if (!apps) throw new Error("test apps not started");
      return apps;
    });
  });
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}
