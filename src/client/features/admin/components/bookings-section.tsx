import { useState } from "react";
import type { BookingKind } from "../../../../shared/constants.js";
import { formatPaise } from "../../../../shared/money.js";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { type BookingFilter, useBookings } from "../api/get-bookings.js";
import { AfterSessionActions } from "./after-session-actions.js";
import { formatCalendarDate } from "./console-dates.js";
import { LoadMore } from "./load-more.js";
import { SectionLayout } from "./section-layout.js";

const STATUSES = [
  "confirmed",
  "pending_payment",
  "completed",
  "no_show",
  "cancelled",
  "refunded_late",
  "failed",
  "expired",
  "superseded",
];
const words = (value: string) => value.replaceAll("_", " ");

/** Every booking with its student and payment, with the after-session actions. */
export function BookingsSection() {
  const config = useClientConfig();
  const [filter, setFilter] = useState<BookingFilter>({ kind: "", status: "", from: "", to: "" });
  const bookings = useBookings(filter);
  const set = (key: keyof BookingFilter) => (event: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: event.target.value }));

  return (
    <SectionLayout id="bookings" title="Bookings">
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectField label="Kind" value={filter.kind} onChange={set("kind")}>
          <option value="">All</option>
          <option value="mock">Mock interviews</option>
          <option value="workshop">Workshops</option>
          <option value="internship">Internships</option>
        </SelectField>
        <SelectField label="Status" value={filter.status} onChange={set("status")}>
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {words(s)}
            </option>
          ))}
        </SelectField>
        <TextField label="Sessions from" type="date" value={filter.from} onChange={set("from")} />
        <TextField label="Sessions to" type="date" value={filter.to} onChange={set("to")} />
      </div>
      {bookings.isPending && <Spinner label="Loading bookings…" />}
      {bookings.isError && <Alert tone="error">{bookings.error.message}</Alert>}
      {bookings.data?.length === 0 && <p className="text-slate-700">No bookings match.</p>}
      <ul className="space-y-2">
        {bookings.data?.map((b) => (
          <li key={b.id} className="space-y-2 rounded-xl border border-slate-300 bg-white p-3">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {b.title}
                {b.kind !== "mock" && <span className="font-normal text-slate-700"> · {b.packageLabel}</span>}
              </p>
              <p className="text-sm">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-900">
                  {words(b.status)}
                </span>
                {b.flag && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                    {words(b.flag)}
                  </span>
                )}
              </p>
            </div>
            <p className="text-sm text-slate-700">
              {b.studentName || b.studentEmail} ({b.studentEmail}) ·{" "}
              {b.startDate
                ? `starts ${formatCalendarDate(b.startDate)}`
                : b.startAt
                  ? formatInstant(b.startAt, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel)
                  : "no date"}{" "}
              · {formatPaise(b.amountPaise)}
              {b.payment &&
                ` · ${b.payment.provider} ${b.payment.status} (${b.payment.orderId}${b.payment.refundId ? `, refund ${b.payment.refundId}` : ""})`}
            </p>
            {b.startAt && (
              <AfterSessionActions
                booking={{
                  id: b.id,
                  kind: b.kind as BookingKind,
                  status: b.status,
                  startAt: b.startAt,
                  endAt: b.endAt,
                  certificate: b.certificate,
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <LoadMore list={bookings} />
    </SectionLayout>
  );
}
