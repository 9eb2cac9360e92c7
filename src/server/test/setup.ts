import { afterEach, vi } from "vitest";
import { takeContractViolations } from "./api-contract.js";

// A test that makes the app print an error has found a bug (or must assert the error itself).
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((c) => c.join(" ")).join("\n")}`);
});

// An answer the API document does not describe is a broken contract (api-contract.ts).
afterEach(() => {
  const found = takeContractViolations();
  if (found.length > 0) {
    const lines = found.map((v) => `${v.operation} ${v.status}: ${v.problem}`);
    throw new Error(`answers did not match the API document:\n${[...new Set(lines)].join("\n")}`);
  }
});
