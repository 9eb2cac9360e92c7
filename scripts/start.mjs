// `npm start`: builds the client and the server bundle, then serves app and API (migrating and,
// on an empty database outside production, seeding demo data).
// `npm run start:prod`: serves what `npm run build` made, without building (no devDependencies
// needed: `npm install --omit=dev` after the build is enough).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { requireNode24 } from "./node-check.mjs";

const prebuilt = process.argv.includes("--prebuilt");
requireNode24(prebuilt ? "npm run start:prod" : "npm start");

if (prebuilt) {
  if (!fs.existsSync("dist/server/main.js")) {
    console.error("dist/server/main.js is missing: run `npm run build` first.");
    process.exit(1);
  }
} else {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Sized for a small machine (docs/decisions/0005-memory.md): a small young generation, a capped old
// generation and two malloc arenas keep the server's resident size well under 200 MB under load.
const server = spawn(
  process.execPath,
  ["--enable-source-maps", "--max-semi-space-size=4", "--max-old-space-size=160", "dist/server/main.js"],
  { stdio: "inherit", env: { MALLOC_ARENA_MAX: "2", ...process.env } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
