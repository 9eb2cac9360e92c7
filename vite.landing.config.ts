import path from "node:path";
import { defineConfig, mergeConfig } from "vite";
import base from "./vite.config.js";

/**
 * The landing page's own build (docs/decisions/0160-landing-from-html.md): `src/client/landing.html` with its entry,
 * the same components on Preact's React-compatible API instead of React, so that what `/` loads before any
 * interaction stays small. Run after the main build, into the same folder (scripts/build-client.mjs).
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default mergeConfig(
  base,
  defineConfig({
    resolve: { alias: PREACT_ALIASES },
    build: {
      emptyOutDir: false,
      rollupOptions: { input: path.resolve("src/client/landing.html") },
    },
  }),
);
