import { CATALOG_LABELS, type CatalogKey } from "../../../../shared/constants.js";
import { CATALOG_LOAD_MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import { lastKnownCatalog, retryLandingCatalog, useLandingCatalog } from "../lib/visitor.js";

/**
 * Packages with the server's current price and availability (docs/product.md, Catalog); with
 * `bookingLink`, each available one links to its own booking (the internship tracks). The price column has
 * one width and two lines whatever it shows, so the prerendered "Loading price…" gives way to the price
 * without moving anything.
 */
export function PackageList({
  packages,
  bookingLink,
  topicPrefix,
}: {
  packages: ReadonlyArray<{ key: CatalogKey; detail: string }>;
  bookingLink?: ((key: CatalogKey) => string) | undefined;
  /** Workshop topics ("ws_") or internship tracks ("int_"): the admin's, beyond the ones described here. */
  topicPrefix?: "ws_" | "int_" | undefined;
}) {
  const catalog = useLandingCatalog();
  const failed = Boolean(catalog.error) && !catalog.data;
  const lastKnown = failed ? lastKnownCatalog() : undefined;
  const listed = listedPackages(packages, catalog.data?.items, topicPrefix);
  return (
    <>
      <ul className="space-y-2">
        {listed.map(({ key, detail }) => {
          const item = catalog.data?.items.get(key);
          return (
            <li
              key={key}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{item?.label ?? CATALOG_LABELS[key]}</p>
                <p className="text-sm text-slate-600">{detail}</p>
                {bookingLink && item?.available && (
                  // A page load: the landing page has no router (docs/decisions/0160-landing-from-html.md).
                  <a
                    href={bookingLink(key)}
                    aria-label={`Book this track: ${item.label}`}
                    className="mt-1 inline-block text-sm font-semibold text-brand-700 underline"
                  >
                    Book this track
                  </a>
                )}
                {item?.unavailableReason ? (
                  <p className="mt-1 text-sm text-slate-700">{item.unavailableReason}</p>
                ) : (
                  // The link's line is kept while the catalog loads or the track is closed, so nothing moves.
                  bookingLink && !item?.available && <span aria-hidden="true" className="mt-1 block h-5" />
                )}
              </div>
              <div className="min-h-10 w-28 shrink-0 text-right">
                {item ? (
                  <>
                    <p className="font-bold text-slate-900">{formatPaise(item.pricePaise)}</p>
                    <p className={`text-xs font-semibold ${item.available ? "text-green-800" : "text-slate-600"}`}>
                      {item.available ? "Available" : "Not available"}
                    </p>
                  </>
                ) : lastKnown?.get(key) ? (
                  <>
                    <p className="font-bold text-slate-900">{formatPaise(lastKnown.get(key)?.pricePaise ?? 0)}</p>
                    <p className="text-xs text-slate-600">{CATALOG_LOAD_MESSAGES.lastKnown}</p>
                  </>
                ) : failed ? (
                  <p className="text-xs text-slate-600">{CATALOG_LOAD_MESSAGES.unavailable}</p>
                ) : (
                  <p className="text-xs text-slate-600">Loading price…</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {failed && (
        <div role="status" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>{CATALOG_LOAD_MESSAGES.failed}</span>
          <button
            type="button"
            onClick={() => void retryLandingCatalog()}
            className="min-h-11 rounded-lg border border-slate-400 px-3 font-semibold text-slate-900 hover:bg-slate-50"
          >
            {CATALOG_LOAD_MESSAGES.tryAgain}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * What the section lists once the catalog answers: the described packages the catalog still has,
 * then the topics or tracks the admin added (with no description yet). Before it answers, the described ones.
 */
function listedPackages(
  packages: ReadonlyArray<{ key: CatalogKey; detail: string }>,
  items: ReadonlyMap<CatalogKey, CatalogItemDto> | undefined,
  topicPrefix: "ws_" | "int_" | undefined,
): ReadonlyArray<{ key: CatalogKey; detail: string }> {
  if (!items) return packages;
  const described = new Set<string>(packages.map((p) => p.key));
  const added = [...items.values()]
    .filter((item) => topicPrefix && item.key.startsWith(topicPrefix) && !described.has(item.key))
    .map((item) => ({ key: item.key, detail: "" }));
  return [...packages.filter((p) => items.has(p.key)), ...added];
}
