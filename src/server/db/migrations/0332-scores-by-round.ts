import { type Kysely, sql } from "kysely";

/**
 * Scorecards score the rounds the package's plan card names (TR, HR, Resume, Phone): the area once
 * called "communication" is the HR round, so stored scores take its new key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update scorecards set scores = replace(scores, '"communication":', '"hr":')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update scorecards set scores = replace(scores, '"hr":', '"communication":')`.execute(db);
}
