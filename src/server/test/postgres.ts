import { randomBytes } from "node:crypto";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A database kept by name between runs (the scale benchmark's large data sets): `reused` when it
 * was there and `reuse` asked for it, else created empty (an old one of that name dropped first).
 */
export async function namedPostgresDatabase(
  name: string,
  reuse: boolean,
): Promise<{ url: string; reused: boolean; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const drop = async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
  const exists = (await adminQuery(`select 1 from pg_database where datname = '${name}'`)) > 0;
  if (reuse && exists) return { url: urlOf(name), reused: true, drop };
  await drop();
  await adminQuery(`create database ${name}`);
  return { url: urlOf(name), reused: false, drop };
}

/** A fresh, empty database; the returned function drops it. */
export async function createTemporaryPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `careerprep_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  return {
    url: urlOf(name),
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
