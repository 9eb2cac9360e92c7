// Builds the client into OUTDIR (default dist/client): the signed-in pages' app (vite.config.ts), then the landing
// page's own entry (vite.landing.config.ts), then renders the landing page to HTML into landing.html, which the
// server sends for `/` (docs/decisions/0160-landing-from-html.md).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const outDir = path.resolve(process.argv[2] ?? "dist/client");
const logLevel = process.env.VITE_LOG_LEVEL ?? "warn";

function vite(args) {
  const run = spawnSync("npx", ["vite", "build", ...args, "--outDir", outDir, "--logLevel", logLevel], {
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

vite(["--emptyOutDir"]);
vite(["--config", "vite.landing.config.ts"]);

// The same components, rendered in Node with the landing build's aliases.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-prerender-"));
try {
  const bundle = path.join(work, "landing-prerender.mjs");
  await build({
    entryPoints: ["src/client/landing-prerender.tsx"],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: { react: "preact/compat", "react-dom": "preact/compat" },
    loader: { ".css": "empty", ".svg": "empty" },
    define: { "process.env.NODE_ENV": '"production"', "import.meta.env.DEV": "false", "import.meta.env.PROD": "true" },
    logLevel: "warning",
  });
  const { renderLanding } = await import(pathToFileURL(bundle).href);
  const html = await renderLanding();
  const file = path.join(outDir, "landing.html");
  const shell = fs.readFileSync(file, "utf8");
  if (!shell.includes('<div id="root"></div>')) throw new Error('landing.html has no empty <div id="root">');
  fs.writeFileSync(file, shell.replace('<div id="root"></div>', `<div id="root">${html}</div>`));
  console.log(`prerendered the landing page: ${(html.length / 1024).toFixed(1)} KB of HTML`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
