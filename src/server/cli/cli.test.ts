import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { findAllAdmins } from "../modules/admins/repository.js";
import { freePort } from "../test/server-process.js";
import { runAdminCommand } from "./admin-command.js";

describe("admin command", () => {
  it("adds (lower-cased), lists and removes admins, but never the last one", async () => {
    const handle = openDatabase(":memory:");
    await migrateToLatest(handle.db);
    expect(await runAdminCommand(handle.db, ["add", "Head@Example.com"])).toEqual({
      code: 0,
      out: ["Added admin head@example.com"],
    });
    expect((await runAdminCommand(handle.db, ["add", "head@example.com"])).out).toEqual([
      "head@example.com is already an admin",
    ]);
    expect((await runAdminCommand(handle.db, ["remove", "head@example.com"])).code).toBe(1);
    await runAdminCommand(handle.db, ["add", "second@example.com"]);
    expect((await runAdminCommand(handle.db, ["list"])).out.join("\n")).toMatch(
      /head@example.com[\s\S]*second@example.com/,
    );
    expect(await runAdminCommand(handle.db, ["remove", "HEAD@example.com"])).toEqual({
      code: 0,
      out: ["Removed admin head@example.com"],
    });
    expect((await findAllAdmins(handle.db)).map((a) => a.email)).toEqual(["second@example.com"]);
    expect(await runAdminCommand(handle.db, ["add", "nope"])).toEqual({
      code: 1,
      out: ["Enter a valid email address"],
    });
    await handle.close();
  });
});

describe("start-up with a bad configuration", () => {
  it("lists every bad variable and exits 1 without starting", () => {
    const result = spawnSync("npx", ["tsx", "src/server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", TIME_ZONE: "Nowhere/City", PAYMENT_PROVIDER: "paypal" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toContain("TIME_ZONE");
    expect(result.stderr).toContain("PAYMENT_PROVIDER");
  });
});

describe("backup command", () => {
  it("writes a SQLite copy that opens and holds the same data", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-backup-"));
    const source = path.join(dir, "app.db");
    const handle = openDatabase(`file:${source}`);
    await migrateToLatest(handle.db);
    await runAdminCommand(handle.db, ["add", "kept@example.com"]);
    const output = execFileSync("npx", ["tsx", "src/server/cli/backup.ts", path.join(dir, "out")], {
      env: { ...process.env, DATABASE_URL: `file:${source}` },
      encoding: "utf8",
    });
    await handle.close();
    const file = output.match(/Backup written to (\S+)/)?.[1] ?? "";
    const copy = openDatabase(`file:${file}`);
    expect((await findAllAdmins(copy.db)).map((a) => a.email)).toEqual(["kept@example.com"]);
    await copy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("graceful shutdown", () => {
  it("serves, then on SIGTERM finishes and exits 0", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-run-"));
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${dir}/app.db`,
        SEED_DEMO: "true",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // Starting through the TypeScript loader takes a while on a busy machine; wait for the line.
    for (let i = 0; i < 250 && !output.includes("is running at"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain(`CareerPrep is running at http://localhost:${port}`);
    expect(output).toContain("admin@example.com");
    // The server runs on the Node the project brings, like the test runner that spawned it.
    expect(output).toContain(`Node ${process.version}`);
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(await ready.json()).toEqual({ status: "ready" });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("errors of the built tools", () => {
  // dist/server is built from this checkout by the tests' global setup; its source maps are thinned to
  // lines (scripts/line-source-map.mjs), which must still name our file and line.
  it("are reported at the TypeScript file and line that failed", () => {
    const result = spawnSync(process.execPath, ["scripts/cli.mjs", "admin", "list"], {
      env: { ...process.env, DATABASE_URL: "file:/dev/null/nowhere/app.db" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const line = Number(/src\/server\/db\/database\.ts:(\d+):\d+/.exec(result.stderr)?.[1]);
    const source = fs.readFileSync("src/server/db/database.ts", "utf8").split("\n");
    expect(source[line - 1]).toContain("fs.mkdirSync");
  });
});
