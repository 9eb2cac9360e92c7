import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Opens a database of the given URL in a fresh process and lists which drivers it loaded. */
function driversLoadedFor(url: string): string[] {
  const script = `
    import { createRequire } from "node:module";
    import { openDatabase } from "./src/server/db/database.ts";
    const handle = openDatabase(${JSON.stringify(url)});
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(["pg", "better-sqlite3"].filter((name) => loaded.some((file) => file.includes(\`/node_modules/\${name}/\`)))));
    await handle.close();
  `;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as string[];
}

// docs/decisions/0252-small-machine-settings.md: what a process loads, V8 keeps for its whole life.
describe("database drivers", () => {
  it("a server on SQLite loads better-sqlite3 and never pg", () => {
    expect(driversLoadedFor(":memory:")).toEqual(["better-sqlite3"]);
  });

  it("a server on PostgreSQL loads pg and never better-sqlite3", () => {
    // The pool connects with its first query, so no server is needed to see what was loaded.
    expect(driversLoadedFor("postgres://127.0.0.1:1/none")).toEqual(["pg"]);
  });
});
