import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { loadEnvFile } from "../env-file.js";
import { runAdminCommand } from "./admin-command.js";

async function main(): Promise<number> {
  loadEnvFile();
  const handle = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const { code, out } = await runAdminCommand(handle.db, process.argv.slice(2));
    for (const line of out) (code === 0 ? console.log : console.error)(line);
    return code;
  } finally {
    await handle.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
