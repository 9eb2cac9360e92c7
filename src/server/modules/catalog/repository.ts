import { type CatalogLabeler, catalogLabeler } from "../../../shared/catalog-label.js";
import {
  CATALOG_DEFAULTS,
  CATALOG_LABELS,
  type CatalogKey,
  COMPANY_TYPES,
  type CompanyType,
} from "../../../shared/constants.js";
import { rupeesToPaise } from "../../../shared/money.js";
import { readCompiled } from "../../db/compiled-statements.js";
import { type Db, type Executor, nowIso } from "../../db/database.js";
import type { CatalogItemsTable } from "../../db/schema.js";

export interface CatalogItem {
  key: CatalogKey;
  /** The plan's name; a workshop topic's or internship track's is the admin's. */
  label: string;
  available: boolean;
  pricePaise: number;
  /** Null while available, or when the admin wrote none. */
  unavailableReason: string | null;
  updatedAt: string;
}

const isCompanyType = (key: string): key is CompanyType => (COMPANY_TYPES as readonly string[]).includes(key);
/** Workshop topics first, then internship tracks, each in the admin's order (docs/product.md, Catalog). */
const kindRank = (key: string) => (key.startsWith("ws_") ? 0 : 1);

const fromRow = (row: CatalogItemsTable): CatalogItem => ({
  key: row.key as CatalogKey,
  label: row.label ?? CATALOG_LABELS[row.key as CompanyType] ?? row.key,
  available: row.available === 1,
  pricePaise: row.price_paise,
  unavailableReason: row.available === 1 ? null : row.unavailable_reason,
  updatedAt: row.updated_at,
});

const fromDefaults = (key: CompanyType): CatalogItem => ({
  key,
  label: CATALOG_LABELS[key],
  available: CATALOG_DEFAULTS[key].available,
  pricePaise: rupeesToPaise(CATALOG_DEFAULTS[key].priceRupees),
  unavailableReason: null,
  updatedAt: "",
});

/** A key nobody offers (a topic or track the admin removed, or never made): never for sale. */
const unknownItem = (key: CatalogKey): CatalogItem => ({
  key,
  label: key,
  available: false,
  pricePaise: 0,
  unavailableReason: null,
  updatedAt: "",
});

/** The mock-interview packages, then the workshop topics and internship tracks the admin keeps. */
export async function findCatalog(db: Executor): Promise<CatalogItem[]> {
  const rows = await db.selectFrom("catalog_items").selectAll().execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const packages = COMPANY_TYPES.map((key) => {
    const row = byKey.get(key);
    return row ? fromRow(row) : fromDefaults(key);
  });
  const topics = rows
    .filter((r) => !isCompanyType(r.key))
    .sort(
      (a, b) => kindRank(a.key) - kindRank(b.key) || (a.position ?? 0) - (b.position ?? 0) || (a.key < b.key ? -1 : 1),
    )
    .map(fromRow);
  return [...packages, ...topics];
}

/** One package, topic or track; undefined when nobody offers that key. */
export async function findCatalogEntry(db: Executor, key: string): Promise<CatalogItem | undefined> {
  const row = await db.selectFrom("catalog_items").selectAll().where("key", "=", key).executeTakeFirst();
  if (row) return fromRow(row);
  return isCompanyType(key) ? fromDefaults(key) : undefined;
}

export async function findCatalogItem(db: Executor, key: CatalogKey): Promise<CatalogItem> {
  return (await findCatalogEntry(db, key)) ?? unknownItem(key);
}

/** The label of a package, topic or track: the built-in name, else the key itself, when it has no row. */
export async function findCatalogLabel(db: Executor, key: string): Promise<string> {
  return (await findCatalogEntry(db, key))?.label ?? CATALOG_LABELS[key as CatalogKey] ?? key;
}

/** Inserts the default prices (docs/product.md, Catalog) of packages that have no row yet; existing prices are kept. */
export async function insertMissingCatalogDefaults(db: Db): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("catalog_items")
    .values(
      COMPANY_TYPES.map((key) => ({
        key,
        available: CATALOG_DEFAULTS[key].available ? (1 as const) : (0 as const),
        price_paise: rupeesToPaise(CATALOG_DEFAULTS[key].priceRupees),
        updated_at: now,
        label: null,
        position: null,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export async function updateCatalogItem(
  db: Executor,
  key: CatalogKey,
  change: { available: boolean; pricePaise: number; unavailableReason: string | null },
): Promise<void> {
  await db
    .updateTable("catalog_items")
    .set({
      available: change.available ? 1 : 0,
      price_paise: change.pricePaise,
      unavailable_reason: change.unavailableReason,
      updated_at: nowIso(),
    })
    .where("key", "=", key)
    .execute();
}

export async function insertTopic(
  db: Executor,
  topic: { key: string; label: string; pricePaise: number; available: boolean },
): Promise<void> {
  const last = await db
    .selectFrom("catalog_items")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("key", "like", `${topic.key.split("_")[0]}_%`)
    .executeTakeFirst();
  await db
    .insertInto("catalog_items")
    .values({
      key: topic.key,
      label: topic.label,
      position: Number(last?.max ?? 0) + 1,
      available: topic.available ? 1 : 0,
      price_paise: topic.pricePaise,
      unavailable_reason: null,
      updated_at: nowIso(),
    })
    .execute();
}

export async function updateTopicLabel(db: Executor, key: string, label: string): Promise<boolean> {
  const result = await db
    .updateTable("catalog_items")
    .set({ label, updated_at: nowIso() })
    .where("key", "=", key)
    .where("label", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any workshop, internship batch or booking names the key (then it stays, renamed or closed). */
export async function isTopicInUse(db: Executor, key: string): Promise<boolean> {
  const [workshop, batch, booking] = await Promise.all([
    db.selectFrom("workshops").select("id").where("topic_key", "=", key).executeTakeFirst(),
    db.selectFrom("internships").select("id").where("track_key", "=", key).executeTakeFirst(),
    db.selectFrom("bookings").select("id").where("package_key", "=", key).executeTakeFirst(),
  ]);
  return Boolean(workshop || batch || booking);
}

export async function deleteTopic(db: Executor, key: string): Promise<void> {
  await db.deleteFrom("catalog_items").where("key", "=", key).where("label", "is not", null).execute();
}

/** The catalog's names in one read, for a request that names many bookings. */
export async function findCatalogLabels(db: Executor): Promise<CatalogLabeler> {
  return catalogLabeler(
    await readCompiled(db, "catalog labels", {}, () => db.selectFrom("catalog_items").select(["key", "label"])),
  );
}
