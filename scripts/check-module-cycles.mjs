// Part of `npm test`'s lint: the folders under src/server/modules form no circle (docs/architecture.md,
// "Modules"). dependency-cruiser's no-circular sees files only: a → b → a through different files of two
// folders passes it. Here every import (type-only ones too) is collapsed to its folder, and any folder that
// reaches itself again is reported with the imports that close the circle. Tests are left out: a test
// may drive several modules.
import { createRequire } from "node:module";
import { cruise } from "dependency-cruiser";

const MODULES = "src/server/modules/";

const folderOf = (file) => {
  if (!file.startsWith(MODULES)) return undefined;
  const rest = file.slice(MODULES.length);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : undefined;
};
const isTest = (file) => /\.test\.tsx?$/.test(file);

const { options } = createRequire(import.meta.url)("../.dependency-cruiser.cjs");
const { output } = await cruise([MODULES], {
  parser: options.parser,
  tsPreCompilationDeps: options.tsPreCompilationDeps,
  doNotFollow: options.doNotFollow,
  enhancedResolveOptions: options.enhancedResolveOptions,
  includeOnly: `^${MODULES}`,
});

/** folder → folder it imports → the file imports behind that edge */
const edges = new Map();
for (const module of output.modules) {
  const from = folderOf(module.source);
  if (!from || isTest(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const why = edges.get(from);
    if (!why.has(to)) why.set(to, []);
    why.get(to).push(`${module.source.slice(MODULES.length)} → ${dependency.resolved.slice(MODULES.length)}`);
  }
}

/** Tarjan's strongly connected components: each component of two or more folders is a circle. */
function circles() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const problems = [];
const components = circles();
for (const component of components) {
  const name = component.join(" ");
  const inside = new Set(component);
  const imports = component.flatMap((from) =>
    [...(edges.get(from) ?? [])].filter(([to]) => inside.has(to)).flatMap(([, why]) => why),
  );
  problems.push(`circle of ${component.length} module folders: ${name}\n    ${imports.join("\n    ")}`);
}
if (problems.length > 0) {
  console.error(`Module folders in a circle (docs/architecture.md, "Modules"):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `module folders: no circle among ${new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]).size} folders`,
);
