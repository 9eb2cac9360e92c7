import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { PendingMigrationsError } from "./db/migrate.js";
import { loadEnvFile } from "./env-file.js";
import { DEMO_ADMIN_EMAIL } from "./seed/demo.js";
import { settleHeap } from "./settle-heap.js";
import { stopOnSignals } from "./shutdown.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  // Before it says it is running: whoever waits for that line and then stops it gets a clean stop.
  stopOnSignals(app);
  settleHeap();

  const dbLabel = config.databaseUrl.startsWith("postgres")
    ? "PostgreSQL"
    : `SQLite (${config.databaseUrl.replace(/^file:/, "")})`;
  const lines = [`CareerPrep is running at ${config.publicUrl} on ${dbLabel}, Node ${process.version}`];
  if (config.developmentFeatures) {
    lines.push(
      `Sign in as the demo admin: open ${config.publicUrl}/admin-login, request a link for ${DEMO_ADMIN_EMAIL},`,
      `then open the link from the mail outbox at ${config.publicUrl}/dev/outbox`,
    );
  }
  console.log(`\n${lines.join("\n")}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof PendingMigrationsError ? err.message : err);
  process.exit(1);
});
