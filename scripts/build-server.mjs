// Bundles the server (our TypeScript only; packages stay in node_modules) for `node` to run
// directly: no TypeScript loader in production, a smaller and faster process.
import { build } from "esbuild";

const [entry = "src/server/main.ts", outfile = "dist/server/main.js"] = process.argv.slice(2);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
