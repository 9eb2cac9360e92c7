import { CATALOG_DEFAULTS, CATALOG_KEYS, type CatalogKey } from "../../../shared/constants.js";
import { rupeesToPaise } from "../../../shared/money.js";
import { type Db, nowIso } from "../../db/database.js";

export interface CatalogItem {
  key: CatalogKey;
  available: boolean;
  pricePaise: number;
  /** Null while available, or when the admin wrote none. */
  unavailableReason: string | null;
  updatedAt: string;
}

type CatalogRow = { available: 0 | 1; price_paise: number; unavailable_reason: string | null; updated_at: string };

const fromRow = (key: CatalogKey, row: CatalogRow): CatalogItem => ({
  key,
  available: row.available === 1,
  pricePaise: row.price_paise,
  unavailableReason: row.available === 1 ? null : row.unavailable_reason,
  updatedAt: row.updated_at,
});

const fromDefaults = (key: CatalogKey): CatalogItem => ({
  key,
  available: CATALOG_DEFAULTS[key].available,
  pricePaise: rupeesToPaise(CATALOG_DEFAULTS[key].priceRupees),
  unavailableReason: null,
  updatedAt: "",
});

export async function findCatalog(db: Db): Promise<CatalogItem[]> {
  const rows = await db.selectFrom("catalog_items").selectAll().execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return CATALOG_KEYS.map((key) => {
    const row = byKey.get(key);
    return row ? fromRow(key, row) : fromDefaults(key);
  });
}

export async function findCatalogItem(db: Db, key: CatalogKey): Promise<CatalogItem> {
  const row = await db.selectFrom("catalog_items").selectAll().where("key", "=", key).executeTakeFirst();
  return row ? fromRow(key, row) : fromDefaults(key);
}

/** Inserts the default prices (docs/product.md, Catalog) for keys that have no row yet; existing prices are kept. */
export async function insertMissingCatalogDefaults(db: Db): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("catalog_items")
    .values(
      CATALOG_KEYS.map((key) => ({
        key,
        available: CATALOG_DEFAULTS[key].available ? (1 as const) : (0 as const),
        price_paise: rupeesToPaise(CATALOG_DEFAULTS[key].priceRupees),
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export async function updateCatalogItem(
  db: Db,
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
