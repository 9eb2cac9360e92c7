import { type Kysely, sql } from "kysely";

/**
 * Workshop topics and internship tracks become the admin's data (docs/decisions/0400-topics-and-tracks-as-data.md):
 * a catalog row carries its label and its place in the list. The keys the product had are kept
 * with the labels and default prices they had, so nothing a student sees changes; prices an admin
 * already set stay.
 */
const EXISTING: readonly (readonly [key: string, label: string, priceRupees: number])[] = [
  ["ws_resume", "Resume workshop", 699],
  ["ws_dsa", "DSA workshop", 999],
  ["ws_systemdesign", "System Design workshop", 1299],
  ["ws_web", "Web workshop", 799],
  ["ws_mobile", "Mobile workshop", 899],
  ["ws_ai_tooling", "AI tooling workshop", 899],
  ["int_frontend", "Frontend internship", 4999],
  ["int_backend", "Backend internship", 4999],
  ["int_ml", "Machine learning internship", 5999],
  ["int_mobile", "Mobile internship", 4999],
  ["int_product", "Product internship", 3999],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("catalog_items").addColumn("label", "text").execute();
  await db.schema.alterTable("catalog_items").addColumn("position", "integer").execute();
  const now = new Date().toISOString();
  for (const [index, [key, label, priceRupees]] of EXISTING.entries()) {
    await sql`insert into catalog_items (key, available, price_paise, updated_at, label, position)
      values (${key}, 1, ${priceRupees * 100}, ${now}, ${label}, ${index + 1})
      on conflict (key) do update set label = ${label}, position = ${index + 1}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("catalog_items").dropColumn("position").execute();
  await db.schema.alterTable("catalog_items").dropColumn("label").execute();
}
