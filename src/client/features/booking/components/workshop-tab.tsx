import type { CatalogLabeler } from "../../../../shared/catalog-label.js";
import type { CatalogKey } from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { WorkshopListing } from "../../../../shared/schemas/booking.js";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import { isFull } from "../../../../shared/seats.js";
import { formatInstant } from "../../../../shared/time.js";
import { useCatalog, useCatalogLabel, useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { WaitlistButton } from "../../../shared/waitlist/waitlist-button.js";
import { Spinner } from "../../../ui/alert.js";
import { useWorkshops } from "../api/listings.js";

/** Upcoming workshop sessions grouped by topic; choosing one holds a seat like a mock slot does. */
export function WorkshopTab({
  selectedId,
  onSelect,
  busy,
}: {
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  busy: boolean;
}) {
  const workshops = useWorkshops();
  const catalogTopics = useCatalogTopics("ws_");
  const config = useClientConfig();
  const catalog = useCatalog();
  const label = useCatalogLabel();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  if (workshops.isPending) return <Spinner label="Loading workshops…" />;
  if (workshops.isError)
    return (
      <p role="alert" className="text-red-800">
        We could not load workshops. Please try again in a moment.
      </p>
    );
  if (workshops.data.length === 0)
    return <p className="rounded-lg bg-slate-50 p-4">No workshops are scheduled right now. Check back soon.</p>;
  const topics = topicGroups(catalogTopics.data ?? [], workshops.data, label);
  return (
    <div className="space-y-5">
      {topics.map(({ topic, label, sessions }) => (
        <section key={topic} aria-labelledby={`topic-${topic}`} className="space-y-2">
          <h3 id={`topic-${topic}`} className="text-lg font-semibold">
            {label}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {sessions.map((w) => {
              const full = isFull(w.seatsLeft, w.id === selectedId);
              const selected = w.id === selectedId;
              return (
                <li key={w.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={full || busy || !w.available}
                    onClick={() => onSelect(w.id)}
                    className={`flex h-full w-full flex-col gap-1 rounded-xl border p-4 text-left ${selected ? "border-brand-700 ring-2 ring-brand-600" : "border-slate-300 hover:border-brand-700"} disabled:cursor-not-allowed disabled:bg-slate-50`}
                  >
                    <span className="font-semibold">{w.title}</span>
                    <span className="text-sm text-slate-700">
                      {w.level} · {formatInstant(w.startAt, zone, config.data?.timeZoneLabel)}
                    </span>
                    {w.hostName && (
                      <span className="text-sm text-slate-700">
                        Hosted by {[w.hostName, w.hostQualification].filter(Boolean).join(", ")}
                      </span>
                    )}
                    <span className="text-sm">
                      {formatPaise(w.pricePaise)} ·{" "}
                      {!w.available
                        ? "Not available"
                        : selected
                          ? JOURNEY_MESSAGES.heldForYou
                          : full
                            ? "Full"
                            : `${w.seatsLeft} seats left`}
                    </span>
                  </button>
                  {!w.available && catalog.data?.get(w.topicKey as CatalogKey)?.unavailableReason && (
                    <p className="mt-1 px-1 text-sm text-slate-700">
                      {catalog.data.get(w.topicKey as CatalogKey)?.unavailableReason}
                    </p>
                  )}
                  {full && w.available && (
                    <WaitlistButton
                      kind="workshop"
                      targetId={w.id}
                      label={`${w.title}, ${formatInstant(w.startAt, zone, config.data?.timeZoneLabel)}`}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Sessions by topic, in the catalog's order of topics (a topic the catalog has not answered for yet goes last). */
function topicGroups(
  catalogTopics: readonly CatalogItemDto[],
  sessions: readonly WorkshopListing[],
  labelOf: CatalogLabeler,
) {
  const keys = [...new Set([...catalogTopics.map((t) => t.key as string), ...sessions.map((w) => w.topicKey)])];
  return keys
    .map((topic) => ({
      topic,
      label: labelOf(topic),
      sessions: sessions.filter((w) => w.topicKey === topic),
    }))
    .filter((group) => group.sessions.length > 0);
}
