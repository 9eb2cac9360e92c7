import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/**
 * Reads `.env` from the working directory into `env` (process.env by default), the way
 * `.env.example` describes. Variables already set in the real environment win: a process manager
 * or shell can always override the file. A missing file is fine; returns the keys it set.
 */
export function loadEnvFile(file = ".env", env: NodeJS.ProcessEnv = process.env): string[] {
  const resolved = path.resolve(file);
  if (!fs.existsSync(resolved)) return [];
  const values = parseEnv(fs.readFileSync(resolved, "utf8"));
  const set: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (env[key] !== undefined) continue;
    env[key] = value;
    set.push(key);
  }
  return set;
}
