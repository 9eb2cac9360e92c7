import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyDatabase, type ServerProcess, startServer } from "../test/server-process.js";
import { postgresAvailable } from "../test/test-app.js";

const SIGN_IN_LIMIT = 4;

for (const dialect of ["sqlite", "postgres"] as const) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`rate limits across two server processes on one database [${dialect}]`, () => {
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let first: ServerProcess | undefined;
    let second: ServerProcess | undefined;

    beforeAll(async () => {
      database = await emptyDatabase(dialect);
      const env = { SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT), JOBS_ENABLED: "false" };
      // One after the other: the first applies the migrations the second then finds done.
      first = await startServer(database.url, env);
      second = await startServer(database.url, env);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.drop();
    }, 30_000);

    it("a client spends one budget, whichever process answers", async () => {
      const servers = [first?.url ?? "", second?.url ?? ""];
      const ask = (server: string, i: number) =>
        fetch(`${server}/api/auth/sign-in/magic-link`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server },
          body: JSON.stringify({ email: `two-processes-${i}@example.com` }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) statuses.push((await ask(servers[i % 2] ?? "", i)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const limited = await ask(servers[0] ?? "", 99);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    });
  });
}
