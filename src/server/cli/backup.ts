import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { ConfigError, loadConfig } from "../config.js";
import { isPostgresUrl } from "../db/database.js";
import { loadEnvFile } from "../env-file.js";

/**
 * `npm run backup -- [DIR]`: a consistent copy taken while the app runs. SQLite uses its online
 * backup API (safe under WAL and concurrent writers); PostgreSQL uses pg_dump's custom format,
 * restorable with pg_restore.
 */
async function main(): Promise<number> {
  loadEnvFile();
  const config = loadConfig();
  const dir = path.resolve(process.argv[2] ?? "backups");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  backUpFiles(config, dir, stamp);

  if (isPostgresUrl(config.databaseUrl)) {
    const file = path.join(dir, `careerprep-${stamp}.dump`);
    const result = spawnSync("pg_dump", ["--format=custom", `--file=${file}`, config.databaseUrl], {
      stdio: "inherit",
    });
    if (result.error) {
      console.error("pg_dump is not installed: apt-get install -y postgresql-client");
      return 1;
    }
    if (result.status !== 0) return result.status ?? 1;
    console.log(`Backup written to ${file}`);
    return 0;
  }

  const source = config.databaseUrl.replace(/^file:/, "");
  if (source === ":memory:" || !fs.existsSync(source)) {
    console.error(`No database file at ${source}`);
    return 1;
  }
  const file = path.join(dir, `careerprep-${stamp}.db`);
  const db = new SQLite(source, { readonly: true });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  console.log(`Backup written to ${file}`);
  return 0;
}

/**
 * Files (recordings, resumes) on disk are copied beside the database's copy; uploads still in
 * progress are not (docs/operations.md, Files). A bucket is backed up by its own means.
 */
function backUpFiles(config: ReturnType<typeof loadConfig>, dir: string, stamp: string): void {
  if (config.storage.s3) {
    console.log(
      `Files are in the bucket ${config.storage.s3.bucket}: back it up by its own means (versioning, replication).`,
    );
    return;
  }
  const source = path.resolve(config.storage.dir);
  if (!fs.existsSync(source)) return;
  const target = path.join(dir, `careerprep-files-${stamp}`);
  fs.cpSync(source, target, {
    recursive: true,
    filter: (file) => path.relative(source, file).split(path.sep)[0] !== "uploads",
  });
  console.log(`Files copied to ${target}`);
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
