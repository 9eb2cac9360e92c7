// Bundles the server and its command-line tools for `node` to run directly: no TypeScript loader in production, a
// smaller and faster process. With arguments (`ENTRY OUTFILE`), bundles that one entry (the benchmarks).
//
// The packages are bundled in too, without whitespace or dead code but with their own names, as one module
// (docs/decisions/0255-packages-in-the-bundle.md): V8 keeps the source of every module it loads, and about 640
// modules, each with its comments and its own module record, cost 9 MB more heap than their code as one file. Left
// out, and loaded from node_modules as before:
// - the database drivers, which `openDatabase` loads for its database only (a native addon, and pg);
// - what the server imports on first use (`await import`), so that it still costs nothing until then;
// - the plugins that serve files from their own folder (`__dirname`).
//
// Source maps map our TypeScript only, thinned to the lines stack traces need (scripts/line-source-map.mjs).
import { build } from "esbuild";
import { thinSourceMapFile } from "./line-source-map.mjs";

const NOT_BUNDLED = [
  "better-sqlite3",
  "pg",
  "nodemailer",
  "pdfkit",
  "fontkit",
  "ical-generator",
  "yjs",
  "prom-client",
  "@resvg/resvg-js",
  // The recordings' uploads, and the AWS SDK a bucket brings: with the first upload or bucket request
  // (docs/decisions/0447-recordings-loaded-with-the-first-upload.md).
  "@tus/server",
  "@tus/file-store",
  "@tus/s3-store",
  "srvx",
  "@aws-sdk/client-s3",
  "@aws-sdk/s3-request-presigner",
  // Fastify's default compilers, which our schema controller's factories keep it from loading
  // (docs/decisions/0448-fastify-compilers-never-loaded.md).
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
  "@fastify/static",
  "@fastify/swagger-ui",
];

/**
 * zod's `locales` namespace imports every language zod has; the server speaks English, which zod configures itself
 * (`zod/v4/classic/external.js`), and never reads the namespace. Bundled, the namespace holds English only.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes("node_modules/zod/") ? { path: args.importer, namespace: "zod-locales" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: args.path.replace(/\/[^/]*$/, ""),
      loader: "js",
    }));
  },
};

const [entry, outfile] = process.argv.slice(2);
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: NOT_BUNDLED,
  plugins: [zodEnglishOnly],
  // The CommonJS packages call `require`, which an ES module has not got.
  banner: {
    js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
  },
  minifyWhitespace: true,
  minifySyntax: true,
  // Licence texts go beside the bundle (*.LEGAL.txt); one non-ASCII letter in them would make V8 keep the whole
  // source as UTF-16, twice its size.
  legalComments: "external",
  charset: "ascii",
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
