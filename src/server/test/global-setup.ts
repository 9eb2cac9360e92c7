import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { isPostgresReachable, POSTGRES_ADMIN_URL } from "./postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/** Decides once per run whether the PostgreSQL suites run; in CI they are required. */
export default async function setup(project: TestProject): Promise<void> {
  const reachable = await isPostgresReachable();
  if (!reachable && process.env.CI === "true") {
    throw new Error(`PostgreSQL is required in CI but ${POSTGRES_ADMIN_URL} is not reachable.`);
  }
  if (!reachable) {
    console.warn(`\n[notice] PostgreSQL at ${POSTGRES_ADMIN_URL} is not reachable: PostgreSQL suites are skipped.\n`);
  }
  project.provide("postgresAvailable", reachable);
  // The tests that run the production build (`npm run start:prod`, the CLIs through scripts/cli.mjs)
  // run this checkout's code: built once here, never an older dist/ left from another run.
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
}
