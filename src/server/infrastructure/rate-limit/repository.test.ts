import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/database.js";
import { describeEachDialect } from "../../test/test-app.js";
import { countHit } from "./repository.js";

const MINUTE = 60_000;

describeEachDialect("rate-limit hits", (t) => {
  let handle: DatabaseHandle;
  const sent: string[] = [];
  beforeAll(() => {
    handle = openDatabase(t().databaseUrl, { onQuery: (sql) => sent.push(sql) });
  });
  afterAll(async () => {
    await handle.close();
  });

  // On SQLite every new text is a statement prepared and kept (src/server/db/database.ts): a text
  // per hit cost a prepare per hold and filled the statement cache (docs/benchmarks.md, API).
  it("every hit sends the same statement, whatever the time, and a window that ended starts again", async () => {
    const now = Date.UTC(2026, 10, 24, 10);
    expect(await countHit(handle.db, "test:same-text", MINUTE, now)).toEqual({ hits: 1, resetsAt: now + MINUTE });
    expect(await countHit(handle.db, "test:same-text", MINUTE, now + 1_234)).toEqual({
      hits: 2,
      resetsAt: now + MINUTE,
    });
    expect(await countHit(handle.db, "test:same-text", MINUTE, now + MINUTE + 7)).toEqual({
      hits: 1,
      resetsAt: now + 2 * MINUTE + 7,
    });
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
  });
});
