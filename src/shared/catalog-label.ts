import { CATALOG_LABELS, type CatalogKey } from "./constants.js";

/** Names a package, topic or track by its key. */
export type CatalogLabeler = (key: string) => string;

/**
 * The catalog's names (docs/decisions/0400-topics-and-tracks-as-data.md): the admin's label, else
 * the built-in name of a key that has no row, else the key itself (a topic since removed).
 */
export function catalogLabeler(items: Iterable<{ key: string; label: string | null }> = []): CatalogLabeler {
  const labels = new Map<string, string>();
  for (const item of items) if (item.label) labels.set(item.key, item.label);
  return (key) => labels.get(key) ?? CATALOG_LABELS[key as CatalogKey] ?? key;
}
