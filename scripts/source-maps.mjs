// Preloaded (`node --import`) by `npm start`, the CLIs and the benchmark servers: stack traces through our
// bundle name the TypeScript file and line (its map is thinned, docs/decisions/0220-server-loaded-lean.md),
// and the maps that packages ship are never read. `--enable-source-maps` would read them all and keep
// about 2 MB of heap for frames that are plain JavaScript anyway (docs/decisions/0252-small-machine-settings.md).
import module from "node:module";

module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
