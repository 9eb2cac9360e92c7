import type { Db } from "../../db/database.js";

/** Few enough ids for one statement's parameters on either database. */
const IDS_PER_STATEMENT = 500;

/** Of these sign-in sessions, the ids whose row is still there and has not expired. */
export async function findLiveSessionIds(db: Db, ids: readonly string[], now = Date.now()): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom("session")
      .select(["id", "expiresAt"])
      .where("id", "in", ids.slice(start, start + IDS_PER_STATEMENT))
      .execute();
    for (const row of rows) if (new Date(row.expiresAt).getTime() > now) live.add(row.id);
  }
  return live;
}
