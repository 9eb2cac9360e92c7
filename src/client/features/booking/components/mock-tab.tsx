import { CATALOG_LABELS, COMPANY_TYPES, type CompanyType, PACKAGE_ROUNDS } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import { formatClock, formatDayLabel, zonedDate } from "../../../../shared/time.js";
import { useCatalog } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Spinner } from "../../../ui/alert.js";
import { useSlots } from "../api/listings.js";

interface MockTabProps {
  plan: CompanyType | undefined;
  onPlan: (plan: CompanyType) => void;
  selectedSlotId: string | undefined;
  onSlot: (slotId: string) => void;
  busy: boolean;
}

/** Plan cards, then that plan's upcoming slots grouped by day (in the platform zone). */
export function MockTab({ plan, onPlan, selectedSlotId, onSlot, busy }: MockTabProps) {
  const catalog = useCatalog();
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-lg font-semibold">Choose a plan</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {COMPANY_TYPES.map((key) => {
            const item = catalog.data?.get(key);
            const available = item?.available ?? false;
            return (
              <label
                key={key}
                className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-4 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 ${available ? "border-slate-300" : "cursor-not-allowed border-slate-200 bg-slate-50"}`}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="plan"
                    value={key}
                    checked={plan === key}
                    disabled={!available}
                    onChange={() => onPlan(key)}
                  />
                  <span className="font-semibold">{CATALOG_LABELS[key]}</span>
                </span>
                <span className="text-sm text-slate-700">{PACKAGE_ROUNDS[key]}</span>
                <span className="text-lg font-bold">{item ? formatPaise(item.pricePaise) : "…"}</span>
                <span className={`text-sm font-medium ${available ? "text-green-800" : "text-slate-600"}`}>
                  {available ? "Available" : "Not available"}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {plan && <SlotList plan={plan} selectedSlotId={selectedSlotId} onSlot={onSlot} busy={busy} />}
    </div>
  );
}

function SlotList({
  plan,
  selectedSlotId,
  onSlot,
  busy,
}: {
  plan: CompanyType;
  selectedSlotId: string | undefined;
  onSlot: (id: string) => void;
  busy: boolean;
}) {
  const slots = useSlots(plan);
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const label = config.data?.timeZoneLabel ?? "IST";
  if (slots.isPending) return <Spinner label="Loading slots…" />;
  if (slots.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{MESSAGES.slotsLoadFailedTitle}</p>
        <p>{slots.error.message || MESSAGES.slotsLoadFailedDefault}</p>
      </div>
    );
  }
  if (slots.data.length === 0)
    return <p className="rounded-lg bg-slate-50 p-4 text-slate-800">{MESSAGES.noUpcomingSlots}</p>;

  const days = new Map<string, typeof slots.data>();
  for (const slot of slots.data) {
    const day = zonedDate(new Date(slot.startAt), zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <section aria-labelledby="slots-heading" className="space-y-4">
      <h3 id="slots-heading" className="text-lg font-semibold">
        Pick a time ({label})
      </h3>
      {[...days].map(([day, daySlots]) => (
        <fieldset key={day}>
          <legend className="text-sm font-semibold text-slate-800">{formatDayLabel(day)}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {daySlots.map((slot) => {
              const full = slot.seatsLeft === 0 && slot.id !== selectedSlotId;
              const selected = slot.id === selectedSlotId;
              return (
                <button
                  key={slot.id}
                  type="button"
                  aria-pressed={selected}
                  disabled={full || busy}
                  onClick={() => onSlot(slot.id)}
                  className={`min-h-11 rounded-lg border px-3 py-2 text-left text-sm ${selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white text-slate-900 hover:border-brand-700"} disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-600`}
                >
                  <span className="block font-semibold">{formatClock(slot.startAt, zone)}</span>
                  <span className="block text-xs">
                    {slot.interviewerName} ·{" "}
                    {full ? "Full" : `${slot.seatsLeft} ${slot.seatsLeft === 1 ? "seat" : "seats"} left`}
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </section>
  );
}
