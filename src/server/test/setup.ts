import { afterEach, vi } from "vitest";

// A test that makes the app print an error has found a bug (or must assert the error itself).
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((c) => c.join(" ")).join("\n")}`);
});
