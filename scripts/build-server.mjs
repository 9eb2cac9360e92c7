// Bundles the server and its command-line tools (our TypeScript only; packages stay in
// node_modules) for `node` to run directly: no TypeScript loader in production, a smaller and
// faster process. With arguments (`ENTRY OUTFILE`), bundles that one entry (the benchmarks). Source maps are
// thinned to the lines stack traces need (scripts/line-source-map.mjs).
import { build } from "esbuild";
import { thinSourceMapFile } from "./line-source-map.mjs";

const [entry, outfile] = process.argv.slice(2);
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
  metafile: true,
};
const thinMaps = ({ metafile }) => {
  for (const file of Object.keys(metafile.outputs)) if (file.endsWith(".map")) thinSourceMapFile(file);
};
if (entry && outfile) {
  thinMaps(await build({ ...common, entryPoints: [entry], outfile }));
} else {
  const result = await build({
    ...common,
    entryPoints: {
      main: "src/server/main.ts",
      admin: "src/server/cli/admin.ts",
      backup: "src/server/cli/backup.ts",
      migrate: "src/server/cli/migrate.ts",
    },
    outdir: "dist/server",
  });
  thinMaps(result);
}
