// `npm run admin|backup|db:migrate -- …`: runs the built tool (dist/server, from `npm run build`)
// with plain node; in a development checkout that has not been built yet, runs the source through
// tsx instead. A production install (`npm install --omit=dev`) needs the build.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { requireNode24 } from "./node-check.mjs";

const [name, ...args] = process.argv.slice(2);
requireNode24(`npm run ${name === "migrate" ? "db:migrate" : name}`);
const built = `dist/server/${name}.js`;

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve("tsx");
    return true;
  } catch {
    return false;
  }
}

let command;
if (fs.existsSync(built)) command = ["--import", new URL("./source-maps.mjs", import.meta.url).href, built, ...args];
else if (hasTsx()) command = ["--import", "tsx", `src/server/cli/${name}.ts`, ...args];
else {
  console.error(`${built} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const child = spawn(process.execPath, command, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 1));
