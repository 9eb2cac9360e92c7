import type { CatalogKey } from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES } from "../../../../shared/messages.js";
import { useAskForOpeningAlert, useOpeningAlerts } from "../api/opening-alerts.js";

/** "Tell me when it opens": an e-mail when an admin makes the package available (docs/product.md, Catalog). */
export function OpeningAlert({ packageKey }: { packageKey: CatalogKey }) {
  const alerts = useOpeningAlerts();
  const ask = useAskForOpeningAlert();
  const asked = alerts.data?.packages.includes(packageKey) ?? false;
  if (asked) {
    return (
      <p role="status" className="text-sm font-medium text-green-800">
        {JOURNEY_MESSAGES.notifyMeDone}
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        onClick={() => ask.mutate(packageKey)}
        disabled={ask.isPending || alerts.isPending}
        className="mt-1 inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      >
        {JOURNEY_MESSAGES.notifyMeButton}
      </button>
      {ask.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {ask.error.message}
        </p>
      )}
    </div>
  );
}
