// `npm start`: builds the client and the server bundle, then serves app and API (migrating and,
// on an empty database outside production, seeding demo data).
import { spawn, spawnSync } from "node:child_process";

const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

// A small young generation keeps the resident size near 200 MB under load on a small machine.
const server = spawn(process.execPath, ["--enable-source-maps", "--max-semi-space-size=4", "dist/server/main.js"], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
