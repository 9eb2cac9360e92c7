import { CATALOG_LABELS, type CatalogKey } from "../../../../shared/constants.js";
import { formatPaise } from "../../../../shared/money.js";
import { useCatalog } from "../../../shared/catalog/get-catalog.js";

/** Packages with the server's current price and availability (docs/product.md, Catalog). */
export function PackageList({ packages }: { packages: ReadonlyArray<{ key: CatalogKey; detail: string }> }) {
  const catalog = useCatalog();
  return (
    <ul className="space-y-2">
      {packages.map(({ key, detail }) => {
        const item = catalog.data?.get(key);
        return (
          <li
            key={key}
            className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{item?.label ?? CATALOG_LABELS[key]}</p>
              <p className="text-sm text-slate-600">{detail}</p>
            </div>
            <div className="shrink-0 text-right">
              {item ? (
                <>
                  <p className="font-bold text-slate-900">{formatPaise(item.pricePaise)}</p>
                  <p className={`text-xs font-semibold ${item.available ? "text-green-800" : "text-slate-600"}`}>
                    {item.available ? "Available" : "Not available"}
                  </p>
                </>
              ) : catalog.isError ? (
                <p className="text-xs text-slate-600">Price unavailable</p>
              ) : (
                <p className="text-xs text-slate-600">Loading price…</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
