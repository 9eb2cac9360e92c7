import { isValidEmail, normalizeEmail } from "../../shared/email.js";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { countAdmins, deleteAdmin, findAllAdmins, insertAdmin } from "../modules/admins/repository.js";

const usage = "Usage: npm run admin -- add <email> | remove <email> | list";

async function run(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    if (command === "list") {
      const admins = await findAllAdmins(handle.db);
      if (admins.length === 0) console.log("No admins yet. Add one with: npm run admin -- add you@example.com");
      for (const a of admins)
        console.log(`${a.email}\t(added ${a.created_at.slice(0, 10)}${a.added_by ? ` by ${a.added_by}` : ""})`);
      return 0;
    }
    if ((command === "add" || command === "remove") && rawEmail) {
      if (!isValidEmail(rawEmail)) {
        console.error("Enter a valid email address");
        return 1;
      }
      const email = normalizeEmail(rawEmail);
      if (command === "add") {
        const added = await insertAdmin(handle.db, email, "cli");
        console.log(added ? `Added admin ${email}` : `${email} is already an admin`);
        return 0;
      }
      if ((await countAdmins(handle.db)) <= 1) {
        console.error("Refusing to remove the last admin. Add another admin first.");
        return 1;
      }
      const removed = await deleteAdmin(handle.db, email);
      console.log(removed ? `Removed admin ${email}` : `${email} is not an admin`);
      return removed ? 0 : 1;
    }
    console.error(usage);
    return 1;
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
