import type { CatalogKey } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { rupeesToPaise } from "../../../shared/money.js";
import type { PricingInput } from "../../../shared/schemas/pricing.js";
import type { AppDeps } from "../../app-deps.js";
import { recordAudit } from "../audit/index.js";
import { queueOpeningAlerts } from "./opening-alerts.js";
import { type CatalogItem, findCatalogEntry, updateCatalogItem } from "./repository.js";

/**
 * The reason shown while unavailable: the one given (empty: the standard sentence), else the current one.
 * Opening the package clears it, so an old "Opens 1 Dec" never comes back the next time it closes.
 */
function reasonAfter(input: PricingInput, before: CatalogItem): string | null {
  if (input.available) return null;
  if (input.unavailableReason === undefined) return before.unavailableReason;
  return input.unavailableReason || null;
}

/** Sets a package's availability and price. Holds and checkouts read the catalog, so the next one uses it. */
export async function setPrice(deps: AppDeps, actorEmail: string, key: CatalogKey, input: PricingInput) {
  const change = await deps.db.transaction().execute(async (trx) => {
    const before = await findCatalogEntry(trx, key);
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.packageNotFound);
    const change = {
      available: input.available,
      pricePaise: rupeesToPaise(input.priceRupees),
      unavailableReason: reasonAfter(input, before),
    };
    await updateCatalogItem(trx, key, change);
    if (!before.available && change.available) await queueOpeningAlerts(trx, key, new Date());
    await recordAudit(trx, {
      actorEmail,
      action: "pricing",
      entity: "pricing",
      entityId: key,
      before: {
        label: before.label,
        available: before.available,
        pricePaise: before.pricePaise,
        unavailableReason: before.unavailableReason,
      },
      after: change,
    });
    return { label: before.label, ...change };
  });
  // The workshop and internship listings carry prices and are cached: every process drops them.
  await deps.bus.publish({ topic: "workshops" });
  await deps.bus.publish({ topic: "internships" });
  return { key, ...change };
}
