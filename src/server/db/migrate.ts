import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "./database.js";
import * as m0001 from "./migrations/0001-initial.js";
import * as m0004 from "./migrations/0004-hold-package.js";
import * as m0004otp from "./migrations/0004-otp-phone-index.js";
import * as m0005 from "./migrations/0005-resumes.js";
import * as m0120 from "./migrations/0120-coupons.js";
import * as m0121 from "./migrations/0121-invoices.js";

/** Migrations are listed here (not read from disk) so a bundled server finds them too. */
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0004-hold-package": m0004,
  "0004-otp-phone-index": m0004otp,
  "0005-resumes": m0005,
  "0120-coupons": m0120,
  "0121-invoices": m0121,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Features land their migrations independently; a number may arrive after a later one ran.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
