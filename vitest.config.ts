import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    globalSetup: ["src/server/test/global-setup.ts"],
    setupFiles: ["src/server/test/setup.ts"],
    pool: "forks",
    // Two files at a time, not Vitest's default of one per core but one (a single file on 2 cores): most
    // of the slowest files wait on child processes, deadlines and sockets. 777 → 474 s for the whole
    // suite on the CI machine (2 cores), every test passing.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
