import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { loadEnvFile } from "../env-file.js";

/**
 * `npm run db:migrate`: applies the migrations this database has not run yet, once, before
 * instances started with MIGRATE_ON_START=false are (re)started (docs/operations.md).
 */
async function main(): Promise<number> {
  loadEnvFile();
  const handle = openDatabase(loadConfig().databaseUrl);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(
      applied.length === 0
        ? "The database is up to date."
        : `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}: ${applied.join(", ")}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  });
