// `npm start`: builds the client and the server bundle, then serves app and API (migrating and,
// on an empty database outside production, seeding demo data).
// `npm run start:prod`: serves what `npm run build` made, without building (no devDependencies
// needed: `npm install --omit=dev` after the build is enough).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { requireNode24 } from "./node-check.mjs";
import { serverEnv, serverNodeArgs } from "./server-process.mjs";

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

// Sized for a small machine: see scripts/server-process.mjs.
const server = spawn(process.execPath, [...serverNodeArgs, "dist/server/main.js"], {
  stdio: "inherit",
  env: { ...serverEnv, ...process.env },
});
// The server exits within 10 s of a signal, whatever holds it (src/server/shutdown.ts); should it still be there
// a little later, it is killed: this wrapper never outlives it, and never leaves it behind.
const SERVER_STOP_DEADLINE_MS = 12_000;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
    if (stopping) return;
    stopping = true;
    setTimeout(() => server.kill("SIGKILL"), SERVER_STOP_DEADLINE_MS);
  });
}
// Exits as the server did: its code, or 128 + the signal that ended it, as a shell reports it.
server.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
