import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve("scripts/check-module-cycles.mjs");
const roots: string[] = [];

/** A throwaway project holding only the given module files, checked by the real script. */
function check(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "module-folders-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, "src/server/modules", file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
  const run = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
  return { code: run.status, output: run.stdout + run.stderr };
}

// The circle the waiting line and the holds once formed: a released hold offered its seat to the line.
const holdsAndLine = {
  "holds/service.ts": 'import { offer } from "../waitlist/offers.js";\nexport const hold = () => offer;\n',
  "waitlist/offers.ts":
    'import type { hold } from "../holds/service.js";\nexport const offer = (h?: typeof hold) => h;\n',
};

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("the module-folder circle check (npm test's lint)", () => {
  it("passes folders that import one way, however many files each has", { timeout: 120_000 }, () => {
    const result = check({
      "payments/service.ts": 'import { book } from "../bookings/index.js";\nexport const pay = book;\n',
      "bookings/index.ts": 'export { book } from "./repository.js";\n',
      "bookings/repository.ts": "export const book = 1;\n",
    });
    expect(result.output).toContain("no circle");
    expect(result.code).toBe(0);
  });

  it("fails on two folders importing each other through different files, naming the imports", {
    timeout: 120_000,
  }, () => {
    const result = check({
      "payments/service.ts": 'import { book } from "../bookings/index.js";\nexport const pay = book;\n',
      "bookings/index.ts": "export const book = 1;\n",
      "bookings/checkout.ts": 'import type { pay } from "../payments/service.js";\nexport type Pay = typeof pay;\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("circle of 2 module folders: bookings payments");
    expect(result.output).toContain("bookings/checkout.ts → payments/service.ts");
    expect(result.output).toContain("payments/service.ts → bookings/index.ts");
  });

  it("allows no circle at all, type-only imports included", { timeout: 120_000 }, () => {
    const result = check(holdsAndLine);
    expect(result.code).toBe(1);
    expect(result.output).toContain("circle of 2 module folders: holds waitlist");
    expect(result.output).toContain("waitlist/offers.ts → holds/service.ts");
  });
});
