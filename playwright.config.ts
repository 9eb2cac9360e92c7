import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  // One folder per port, so runs side by side never remove each other's traces.
  outputDir: `.tmp/test-results-${port}`,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // The longest journeys take 30–40 s on a 2-core CI machine (the interview room and recordings set their
  // own, longer limits); a step that fails still fails within its own expect timeout.
  timeout: 90_000,
  // A page's scripts once took 8.7 s between arriving and their first request, at load 12 with contexts of
  // earlier tests still running (e2e/fixtures.ts now closes them): a step waits up to 15 s for what it expects.
  expect: { timeout: 15_000 },
  reporter: process.env.PW_JSON_OUTPUT ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]] : [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
