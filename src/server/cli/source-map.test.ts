import fs from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without types.
import { thinMap } from "../../../scripts/line-source-map.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-map-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A bundle of one file of ours that calls a package, built as scripts/build-server.mjs builds the server. */
async function bundle(): Promise<{ code: string; map: SourceMapPayload }> {
  fs.mkdirSync(path.join(dir, "node_modules", "greeter"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "node_modules", "greeter", "index.js"),
    "export function greet(name) {\n  const greeting = 'Namaste, ' + name;\n  return greeting;\n}\n",
  );
  fs.writeFileSync(
    path.join(dir, "main.ts"),
    'import { greet } from "greeter";\n\nexport function welcome(student: string): string {\n  const line = greet(student);\n  return line.toUpperCase();\n}\n',
  );
  const result = await build({
    absWorkingDir: dir,
    entryPoints: ["main.ts"],
    bundle: true,
    format: "esm",
    platform: "node",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "external",
    sourcesContent: false,
    outfile: "out.js",
    write: false,
  });
  const text = (suffix: string) => result.outputFiles.find((f) => f.path.endsWith(suffix))?.text ?? "";
  return { code: text("out.js"), map: JSON.parse(text("out.js.map")) as SourceMapPayload };
}

describe("the server bundle's source map (scripts/line-source-map.mjs)", () => {
  it("maps our code to its file and line, and nothing of the packages bundled in", async () => {
    const { code, map } = await bundle();
    expect(map.sources).toEqual(expect.arrayContaining(["main.ts", "node_modules/greeter/index.js"]));

    const thinned = thinMap(map, (source: string) => !source.includes("node_modules/")) as SourceMapPayload;
    expect(thinned.sources).toEqual(["main.ts"]);
    // Names are kept only where a kept position still points at them.
    expect(thinned.names.every((name) => map.names.includes(name))).toBe(true);

    const at = (needle: string) => {
      const offset = code.indexOf(needle);
      const before = code.slice(0, offset).split("\n");
      return { line: before.length - 1, column: before.at(-1)?.length ?? 0 };
    };
    const ours = at("toUpperCase");
    const parsed = new SourceMap(thinned);
    const entry = parsed.findEntry(ours.line, ours.column) as {
      originalSource?: string;
      originalLine?: number;
    };
    expect(entry.originalSource).toBe("main.ts");
    expect(entry.originalLine).toBe(4); // zero-based: `return line.toUpperCase();`

    const theirs = at("Namaste");
    const packageEntry = parsed.findEntry(theirs.line, theirs.column) as { originalSource?: string };
    expect(packageEntry.originalSource ?? "").not.toContain("node_modules");
  });
});
