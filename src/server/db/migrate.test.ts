import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { createAuth } from "../infrastructure/auth/auth.js";
import { createTemporaryPostgresDatabase } from "../test/postgres.js";
import { DIALECTS, postgresAvailable } from "../test/test-app.js";
import { type DatabaseHandle, type Dialect, openDatabase } from "./database.js";
import { migrateToLatest, migrations, pendingMigrations, renamedMigrations } from "./migrate.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function freshDatabase(dialect: Dialect): Promise<{ url: string; handle: DatabaseHandle }> {
  let url: string;
  if (dialect === "postgres") {
    const temp = await createTemporaryPostgresDatabase();
    url = temp.url;
    cleanups.push(temp.drop);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-migrate-"));
    url = `file:${path.join(dir, "app.db")}`;
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  const handle = openDatabase(url);
  cleanups.push(() => handle.close());
  return { url, handle };
}

function authFor(handle: DatabaseHandle, url: string) {
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" });
  return createAuth({ config, db: handle.db, dialect: handle.dialect, mailer: { send: async () => undefined } });
}

async function recordedNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  return rows.rows.map((r) => r.name);
}

describe("migration files", () => {
  it("each has its own four-digit number, strictly increasing in the order they are applied", () => {
    const names = Object.keys(migrations);
    const numbers = names.map((name) => Number(/^(\d{4})-[a-z0-9-]+$/.exec(name)?.[1]));
    expect(numbers.every(Number.isInteger)).toBe(true);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1] ?? 0);
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "migrations"))
      .map((f) => f.replace(/\.ts$/, ""))
      .filter((f) => f !== "index");
    expect(files.sort()).toEqual(names);
    for (const renamed of Object.values(renamedMigrations)) expect(names).toContain(renamed);
  });
});

for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`migrations [${dialect}]`, () => {
    it("create better-auth's tables exactly as better-auth expects them", async () => {
      const { url, handle } = await freshDatabase(dialect);
      expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations));
      const { toBeCreated, toBeAdded } = await getMigrations(authFor(handle, url).options);
      expect(toBeCreated).toEqual([]);
      expect(toBeAdded).toEqual([]);
      expect(await pendingMigrations(handle.db)).toEqual([]);
      expect(await migrateToLatest(handle.db)).toEqual([]);
    });

    it("upgrade a database made before the renumbering without running anything twice", async () => {
      const { url, handle } = await freshDatabase(dialect);
      await migrateToLatest(handle.db);
      // Make it what an older release left: better-auth made its own tables at start-up, and the
      // renumbered migrations are recorded under their old names.
      for (const table of ["verification", "account", "session", "user"]) {
        await handle.db.schema.dropTable(table).execute();
      }
      await (await getMigrations(authFor(handle, url).options)).runMigrations();
      await sql`delete from kysely_migration where name = '0002-auth'`.execute(handle.db);
      for (const [before, after] of Object.entries(renamedMigrations)) {
        await sql`update kysely_migration set name = ${before} where name = ${after}`.execute(handle.db);
      }
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values ('u1', 'Asha', 'asha@example.com', ${dialect === "postgres" ? sql`true` : sql`1`}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(
        handle.db,
      );
      expect(await pendingMigrations(handle.db)).toEqual(["0002-auth", ...Object.values(renamedMigrations)]);

      expect(await migrateToLatest(handle.db)).toEqual(["0002-auth"]);
      expect(await recordedNames(handle)).toEqual(Object.keys(migrations));
      const users = await sql<{ email: string }>`select email from "user"`.execute(handle.db);
      expect(users.rows).toEqual([{ email: "asha@example.com" }]);
    });

    it("with MIGRATE_ON_START=false, a server refuses an unmigrated database and starts on a migrated one", async () => {
      const { url, handle } = await freshDatabase(dialect);
      const config = loadConfig({
        NODE_ENV: "test",
        DATABASE_URL: url,
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        MIGRATE_ON_START: "false",
      });
      await expect(buildApp(config, { startWorkers: false, logger: false })).rejects.toThrow(
        /missing migrations 0001-initial.*npm run db:migrate/,
      );
      await migrateToLatest(handle.db);
      const app = await buildApp(config, { startWorkers: false, logger: false });
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.json()).toEqual({ status: "ready" });
      await app.close();
    });
  });
}

describe("npm run db:migrate from the build", () => {
  it("migrates once with plain node (no TypeScript loader), then finds nothing to do", () => {
    // dist/server is built from this checkout by the tests' global setup.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-cli-"));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const env = { PATH: process.env.PATH, DATABASE_URL: `file:${path.join(dir, "app.db")}` };
    const first = execFileSync(process.execPath, ["dist/server/migrate.js"], { env, encoding: "utf8" });
    expect(first).toContain(`Applied ${Object.keys(migrations).length} migrations: 0001-initial, 0002-auth`);
    const second = execFileSync(process.execPath, ["dist/server/migrate.js"], { env, encoding: "utf8" });
    expect(second).toContain("The database is up to date.");
  });
});
