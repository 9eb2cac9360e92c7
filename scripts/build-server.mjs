// Bundles the server and its command-line tools (our TypeScript only; packages stay in
// node_modules) for `node` to run directly: no TypeScript loader in production, a smaller and
// faster process. With arguments (`ENTRY OUTFILE`), bundles that one entry (the benchmarks).
import { build } from "esbuild";

const [entry, outfile] = process.argv.slice(2);
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};
if (entry && outfile) {
  await build({ ...common, entryPoints: [entry], outfile });
} else {
  await build({
    ...common,
    entryPoints: {
      main: "src/server/main.ts",
      admin: "src/server/cli/admin.ts",
      backup: "src/server/cli/backup.ts",
      migrate: "src/server/cli/migrate.ts",
    },
    outdir: "dist/server",
  });
}
