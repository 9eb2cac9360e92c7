import { useEffect, useRef, useState } from "react";
import { COMPANY_TYPES, type CompanyType, FULL_TIMES_LISTED, PACKAGE_ROUNDS } from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES, MESSAGES, WAITLIST_MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { SlotDays, SlotListing } from "../../../../shared/schemas/booking.js";
import { isFull } from "../../../../shared/seats.js";
import { formatClock, formatDayLabel, zonedDate } from "../../../../shared/time.js";
import { useCatalog, useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { WaitlistButton } from "../../../shared/waitlist/waitlist-button.js";
import { Spinner } from "../../../ui/alert.js";
import { Tabs } from "../../../ui/tabs.js";
import { useDaySlots, useSlot, useSlotDays } from "../api/listings.js";
import { DomainPicker, useBookingDomain } from "./domain-picker.js";
import { HoldCountdown } from "./hold-countdown.js";
import { OpeningAlert } from "./opening-alert.js";
import { TimeRadioGroup } from "./time-radio-group.js";

interface MockTabProps {
  plan: CompanyType | undefined;
  onPlan: (plan: CompanyType) => void;
  /** The time chosen (its hold may still be on its way). */
  selectedSlotId: string | undefined;
  /** The time actually held. */
  heldSlotId: string | undefined;
  holdExpiresAt: string | undefined;
  onSlot: (slotId: string) => void;
  /** The last free seat the student was looking at went to someone else. */
  onSeatTaken: () => void;
  busy: boolean;
  notice: React.ReactNode;
}

/** Plan cards with the next free time, then that plan's days, interviewers and times (in the platform zone). */
export function MockTab({ plan, onPlan, notice, ...slotProps }: MockTabProps) {
  const times = useRef<HTMLElement>(null);
  const choosePlan = (next: CompanyType) => {
    onPlan(next);
    // On a phone the times are below the fold: take the student there (docs/product.md, Booking flow).
    if (window.matchMedia("(max-width: 767px)").matches) {
      requestAnimationFrame(() => times.current?.scrollIntoView({ block: "start" }));
    }
  };
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-lg font-semibold">Choose a plan</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {COMPANY_TYPES.map((key) => (
            <PlanCard key={key} planKey={key} checked={plan === key} onChoose={() => choosePlan(key)} />
          ))}
        </div>
      </fieldset>
      <DomainPicker />
      <section ref={times} aria-labelledby="slots-heading" className="scroll-mt-20 space-y-4">
        {notice}
        {plan && <SlotPicker plan={plan} {...slotProps} />}
      </section>
    </div>
  );
}

function PlanCard({ planKey, checked, onChoose }: { planKey: CompanyType; checked: boolean; onChoose: () => void }) {
  const catalog = useCatalog();
  const label = useCatalogLabel();
  const item = catalog.data?.get(planKey);
  const available = item?.available ?? false;
  const [domain] = useBookingDomain();
  const days = useSlotDays(available ? planKey : undefined, domain);
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const next = days.data?.next;
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl border p-4 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 ${available ? "border-slate-300" : "border-slate-200 bg-slate-50"}`}
    >
      <label className={`flex items-center gap-2 ${available ? "cursor-pointer" : "cursor-not-allowed"}`}>
        <input type="radio" name="plan" value={planKey} checked={checked} disabled={!available} onChange={onChoose} />
        <span className="font-semibold">{label(planKey)}</span>
      </label>
      <span className="text-sm text-slate-700">{PACKAGE_ROUNDS[planKey]}</span>
      <span className="text-lg font-bold">{item ? formatPaise(item.pricePaise) : "…"}</span>
      {available ? (
        <>
          <span className="text-sm font-medium text-green-800">Available</span>
          <span className="text-sm text-slate-700">
            {next
              ? JOURNEY_MESSAGES.nextAvailable(
                  `${formatDayLabel(zonedDate(new Date(next.startAt), zone))}, ${formatClock(next.startAt, zone)} ${zoneLabel}`,
                )
              : days.isSuccess
                ? JOURNEY_MESSAGES.noneAvailable
                : "\u00a0"}
          </span>
        </>
      ) : (
        <>
          <span className="text-sm font-medium text-slate-700">Not available</span>
          <span className="text-sm text-slate-700">{item?.unavailableReason ?? JOURNEY_MESSAGES.notAvailableWhy}</span>
          {item && <OpeningAlert packageKey={planKey} />}
        </>
      )}
    </div>
  );
}

function SlotPicker({
  plan,
  selectedSlotId,
  heldSlotId,
  holdExpiresAt,
  onSlot,
  onSeatTaken,
}: Omit<MockTabProps, "onPlan" | "notice"> & { plan: CompanyType }) {
  const [domain] = useBookingDomain();
  const days = useSlotDays(plan, domain);
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const label = config.data?.timeZoneLabel ?? "IST";
  const [day, setDay] = useState<string>();
  // The chosen time's day: a student back with a held seat lands on it, wherever it is in the calendar. Until
  // it is known the strip waits, so it does not open on another day first.
  const chosen = useSlot(selectedSlotId);
  const waiting = days.isPending || (selectedSlotId !== undefined && chosen.isPending);
  const chosenDay = chosen.data ? zonedDate(new Date(chosen.data.startAt), zone) : undefined;
  const strip = stripDays(days.data?.days ?? [], chosenDay, day);
  const inStrip = (date: string | undefined) => (date && strip.some((d) => d.date === date) ? date : undefined);
  const shownDay = waiting
    ? undefined
    : (inStrip(day) ?? inStrip(selectedSlotId ? chosenDay : undefined) ?? strip[0]?.date);
  const daySlots = useDaySlots(plan, shownDay, domain);
  useSeatTakenWatch(daySlots.data, selectedSlotId, onSeatTaken);
  // The day on screen stays on screen when its last seat goes: the student sees "Full", not another day.
  useEffect(() => {
    if (shownDay && shownDay !== day) setDay(shownDay);
  }, [shownDay, day]);

  // A failed read is said at once, with a way to try again, while the backoff's retries go on.
  const daysFailure = days.error ?? (days.failureCount > 0 ? days.failureReason : null);
  if (days.isPending && daysFailure) {
    return <SlotsLoadFailed message={daysFailure.message} onRetry={() => void days.refetch()} />;
  }
  if (waiting) return <Spinner label="Loading slots…" />;
  if (days.isError) return <SlotsLoadFailed message={days.error.message} onRetry={() => void days.refetch()} />;
  const fullTimes = (
    <FullTimes
      slots={(days.data?.full ?? []).filter((slot) => slot.id !== heldSlotId && slot.id !== selectedSlotId)}
      plan={plan}
      zone={zone}
    />
  );
  if (!shownDay) {
    return (
      <>
        <p className="rounded-lg bg-slate-50 p-4 text-slate-800">{MESSAGES.noUpcomingSlots}</p>
        {fullTimes}
      </>
    );
  }

  return (
    <>
      <h3 id="slots-heading" className="text-lg font-semibold">
        Pick a time ({label})
      </h3>
      <Tabs
        label="Days with free times"
        items={strip.map(({ date, free }) => ({
          id: date,
          label: (
            <>
              <span className="block font-semibold">{formatDayLabel(date)}</span>
              <span className="block text-xs">
                {free || "No"} {free === 1 ? "time" : "times"}
              </span>
            </>
          ),
        }))}
        selected={shownDay}
        onSelect={setDay}
        listClassName="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2"
        tabClassName={(selected) =>
          `min-h-11 min-w-24 shrink-0 rounded-lg border px-3 py-2 text-center text-sm ${selected ? "border-brand-700 bg-brand-50 text-brand-900 ring-2 ring-brand-600" : "border-slate-300 bg-white text-slate-800 hover:border-brand-700"}`
        }
        panelClassName="space-y-3"
      >
        <p id="times-heading" className="text-sm font-semibold text-slate-800">
          Times on {formatDayLabel(shownDay)}
        </p>
        {daySlots.isError || (daySlots.isPending && daySlots.failureCount > 0) ? (
          <SlotsLoadFailed
            message={(daySlots.error ?? daySlots.failureReason)?.message ?? ""}
            onRetry={() => void daySlots.refetch()}
          />
        ) : daySlots.isPending ? (
          <Spinner label="Loading times…" />
        ) : (
          <DayTimes
            plan={plan}
            slots={daySlots.data}
            zone={zone}
            selectedSlotId={selectedSlotId}
            heldSlotId={heldSlotId}
            holdExpiresAt={holdExpiresAt}
            onSlot={onSlot}
          />
        )}
      </Tabs>
      {fullTimes}
    </>
  );
}

function SlotsLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{MESSAGES.slotsLoadFailedTitle}</p>
      <p>{message || MESSAGES.slotsLoadFailedDefault}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 min-h-11 rounded-lg border border-red-800 bg-white px-3 font-semibold text-red-900 hover:bg-red-100"
      >
        {MESSAGES.slotsTryAgain}
      </button>
    </div>
  );
}

/** A day's times, grouped by interviewer, as one radio group. */
function DayTimes({
  plan,
  slots,
  zone,
  selectedSlotId,
  heldSlotId,
  holdExpiresAt,
  onSlot,
}: Pick<MockTabProps, "selectedSlotId" | "heldSlotId" | "holdExpiresAt" | "onSlot"> & {
  plan: CompanyType;
  slots: SlotListing[];
  zone: string;
}) {
  const interviewers = [...new Map(slots.map((s) => [s.interviewerName, s])).values()];
  return (
    <TimeRadioGroup
      name={`time-${plan}`}
      labelledBy="times-heading"
      selectedId={selectedSlotId}
      onChoose={onSlot}
      groups={interviewers.map((s) => ({
        id: s.interviewerName,
        header: (
          <div>
            <p className="font-semibold text-slate-900">{s.interviewerName}</p>
            {s.interviewerQualification && <p className="text-sm text-slate-700">{s.interviewerQualification}</p>}
          </div>
        ),
      }))}
      options={slots.map((slot) => {
        const held = slot.id === heldSlotId;
        const full = isFull(slot.seatsLeft, held || slot.id === selectedSlotId);
        const time = formatClock(slot.startAt, zone);
        const seats = full ? "Full" : `${slot.seatsLeft} ${slot.seatsLeft === 1 ? "seat" : "seats"} left`;
        return {
          id: slot.id,
          groupId: slot.interviewerName,
          disabled: full,
          label: `${time} with ${slot.interviewerName} · ${held ? JOURNEY_MESSAGES.heldForYou : seats}`,
          content: (
            <>
              <span className="block font-semibold">{time}</span>
              <span className="block text-xs">
                {held && holdExpiresAt ? (
                  <>
                    {JOURNEY_MESSAGES.heldForYou} · <HoldCountdown expiresAt={holdExpiresAt} decorative />
                  </>
                ) : (
                  seats
                )}
              </span>
            </>
          ),
        };
      })}
    />
  );
}

type FullTime = SlotDays["full"][number];

/** Full times, soonest first, each with its waitlist (docs/product.md, Waitlist), below the free ones. */
function FullTimes({ slots, plan, zone }: { slots: FullTime[]; plan: CompanyType; zone: string }) {
  if (slots.length === 0) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-slate-800">{WAITLIST_MESSAGES.fullTimes}</p>
      <ul className="space-y-2">
        {slots.slice(0, FULL_TIMES_LISTED).map((slot) => {
          const time = `${formatDayLabel(zonedDate(new Date(slot.startAt), zone))}, ${formatClock(slot.startAt, zone)}`;
          return (
            <li key={slot.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <span className="text-sm text-slate-900">
                <span className="font-semibold">{time}</span> · {slot.interviewerName}
              </span>
              <WaitlistButton kind="mock" targetId={slot.id} packageKey={plan} label={`the slot of ${time}`} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The strip's days (in the platform zone): those with a free seat, the chosen time's, the one on screen. */
function stripDays(days: SlotDays["days"], chosenDay: string | undefined, shown: string | undefined) {
  return days.filter((d) => d.free > 0 || d.date === chosenDay || d.date === shown);
}

/**
 * Watches the day on screen: when the last free seat of a time there goes to someone else while the
 * student looks at it, they hear so at the top (docs/product.md, Booking flow).
 */
function useSeatTakenWatch(slots: SlotListing[] | undefined, heldId: string | undefined, onSeatTaken: () => void) {
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    if (!slots) return;
    const previous = seen.current;
    const taken = slots.some((slot) => isFull(slot.seatsLeft, slot.id === heldId) && (previous.get(slot.id) ?? 0) > 0);
    seen.current = new Map(slots.map((slot) => [slot.id, slot.seatsLeft]));
    if (taken) onSeatTaken();
  }, [slots, heldId, onSeatTaken]);
}
