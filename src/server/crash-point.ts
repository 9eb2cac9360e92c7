import type { Config, CRASH_POINTS } from "./config.js";

type CrashPoint = (typeof CRASH_POINTS)[number];

/**
 * Kills the process on the spot (no shutdown, like a power cut) when TEST_CRASH_AT names this
 * point. Honoured only with NODE_ENV=test: config.testCrashAt is always undefined otherwise.
 */
export function crashPoint(config: Config, point: CrashPoint): void {
  if (config.testCrashAt === point) process.kill(process.pid, "SIGKILL");
}
