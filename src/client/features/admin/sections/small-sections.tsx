import { type FormEvent, useState } from "react";
import { CATALOG_KEYS, CATALOG_LABELS, type CatalogKey } from "../../../../shared/constants.js";
import { formatPaise } from "../../../../shared/money.js";
import { formatInstant } from "../../../../shared/time.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { AfterSessionActions } from "../../admin-bookings/components/after-session-actions.js";
import { useCatalog } from "../../catalog/api/get-catalog.js";
import { useClientConfig } from "../../session/api/get-config.js";
import {
  useAddAdmin,
  useAdminBookings,
  useAdmins,
  useAudit,
  useMarkHandled,
  useMessages,
  useRemoveAdmin,
  useSavePrice,
} from "../api/admin-api.js";

export function PricingSection() {
  const catalog = useCatalog();
  return (
    <section aria-labelledby="pricing-title" className="space-y-3">
      <h2 id="pricing-title" className="text-xl font-semibold">
        Pricing
      </h2>
      <p className="text-sm text-slate-700">
        Changes apply to the next hold and checkout at once; seats already paid keep their price.
      </p>
      {catalog.isPending && <Spinner label="Loading prices…" />}
      <ul className="grid gap-3 md:grid-cols-3">
        {catalog.data &&
          CATALOG_KEYS.map((key) => {
            const item = catalog.data.get(key);
            return item ? (
              <PriceRow key={key} catalogKey={key} available={item.available} pricePaise={item.pricePaise} />
            ) : null;
          })}
      </ul>
    </section>
  );
}

function PriceRow({
  catalogKey,
  available,
  pricePaise,
}: {
  catalogKey: CatalogKey;
  available: boolean;
  pricePaise: number;
}) {
  const save = useSavePrice();
  const [price, setPrice] = useState(String(pricePaise / 100));
  const [on, setOn] = useState(available);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ key: catalogKey, available: on, priceRupees: Number(price) });
  };
  return (
    <li>
      <form
        onSubmit={submit}
        className="space-y-2 rounded-xl border border-slate-300 p-3"
        aria-label={CATALOG_LABELS[catalogKey]}
      >
        <p className="font-semibold">{CATALOG_LABELS[catalogKey]}</p>
        <TextField
          label="Price (₹)"
          type="number"
          min={1}
          step={1}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Available
        </label>
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        {save.isSuccess && (
          <p role="status" className="text-sm text-green-800">
            Saved.
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save<span className="sr-only"> {CATALOG_LABELS[catalogKey]}</span>
        </Button>
      </form>
    </li>
  );
}

export function MessagesSection() {
  const messages = useMessages();
  const mark = useMarkHandled();
  return (
    <section aria-labelledby="messages-title" className="space-y-3">
      <h2 id="messages-title" className="text-xl font-semibold">
        Messages
      </h2>
      {messages.isPending && <Spinner label="Loading messages…" />}
      {messages.data?.messages.length === 0 && <p>No messages yet.</p>}
      <ul className="space-y-2">
        {messages.data?.messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-xl border p-3 ${m.handled ? "border-slate-200 bg-slate-50" : "border-brand-600"}`}
          >
            <p className="font-semibold">{m.subject}</p>
            <p className="text-sm text-slate-700">
              {m.name} ·{" "}
              <a href={`mailto:${m.email}`} className="underline">
                {m.email}
              </a>{" "}
              · {new Date(m.createdAt).toLocaleString("en-IN")}
            </p>
            <p className="mt-2 whitespace-pre-wrap">{m.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => mark.mutate({ id: m.id, handled: !m.handled })}>
              {m.handled ? "Mark unhandled" : "Mark handled"}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminsSection() {
  const admins = useAdmins();
  const add = useAddAdmin();
  const remove = useRemoveAdmin();
  const [email, setEmail] = useState("");
  return (
    <section aria-labelledby="admins-title" className="max-w-xl space-y-3">
      <h2 id="admins-title" className="text-xl font-semibold">
        Admins
      </h2>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(email.trim(), { onSuccess: () => setEmail("") });
        }}
      >
        <div className="flex-1">
          <TextField
            label="Add an admin by e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          Add
        </Button>
      </form>
      {(add.error ?? remove.error) && <Alert tone="error">{(add.error ?? remove.error)?.message}</Alert>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-300">
        {admins.data?.map((a) => (
          <li key={a.email} className="flex items-center justify-between p-3">
            <span>{a.email}</span>
            <button
              type="button"
              className="text-sm text-red-800 underline"
              onClick={() => {
                if (window.confirm(`Remove ${a.email} from the admins?`)) remove.mutate(a.email);
              }}
            >
              Remove<span className="sr-only"> {a.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AuditSection() {
  const [entity, setEntity] = useState("");
  const entries = useAudit(entity);
  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <h2 id="audit-title" className="text-xl font-semibold">
        Audit log
      </h2>
      <div className="max-w-xs">
        <SelectField label="Show changes to" value={entity} onChange={(e) => setEntity(e.target.value)}>
          <option value="">Everything</option>
          {["slot", "interviewer", "internship", "workshop", "pricing", "admin", "message", "booking", "scorecard"].map(
            (e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ),
          )}
        </SelectField>
      </div>
      {entries.isPending && <Spinner label="Loading the audit log…" />}
      <ul className="space-y-2">
        {entries.data?.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-300 p-3 text-sm">
            <p>
              <strong>{e.actorEmail}</strong> {e.action} {e.entity}{" "}
              {e.entityId ? <code className="text-xs">{e.entityId}</code> : null} ·{" "}
              {new Date(e.createdAt).toLocaleString("en-IN")}
            </p>
            <details>
              <summary className="cursor-pointer text-slate-700">Before and after</summary>
              <pre className="mt-1 overflow-x-auto text-xs">
                {JSON.stringify({ before: e.before, after: e.after }, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BookingsSection() {
  const config = useClientConfig();
  const [filter, setFilter] = useState({ kind: "", status: "", from: "", to: "" });
  const bookings = useAdminBookings(filter);
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));
  return (
    <section aria-labelledby="bookings-title" className="space-y-3">
      <h2 id="bookings-title" className="text-xl font-semibold">
        Bookings
      </h2>
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectField label="Kind" value={filter.kind} onChange={set("kind")}>
          <option value="">All</option>
          <option value="mock">Mock interviews</option>
          <option value="workshop">Workshops</option>
          <option value="internship">Internships</option>
        </SelectField>
        <SelectField label="Status" value={filter.status} onChange={set("status")}>
          <option value="">All</option>
          {[
            "confirmed",
            "pending_payment",
            "completed",
            "no_show",
            "cancelled",
            "refunded_late",
            "failed",
            "expired",
          ].map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={filter.from} onChange={set("from")} />
        <TextField label="To" type="date" value={filter.to} onChange={set("to")} />
      </div>
      {bookings.isPending && <Spinner label="Loading bookings…" />}
      {bookings.data?.length === 0 && <p>No bookings match.</p>}
      <ul className="space-y-2">
        {bookings.data?.map((b) => (
          <li key={b.id} className="space-y-2 rounded-xl border border-slate-300 p-3">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-semibold">{b.title}</p>
              <p className="text-sm">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">{b.status.replace("_", " ")}</span>
                {b.flag && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                    {b.flag.replaceAll("_", " ")}
                  </span>
                )}
              </p>
            </div>
            <p className="text-sm text-slate-700">
              {b.studentName || b.studentEmail} ({b.studentEmail}) ·{" "}
              {b.startAt
                ? formatInstant(b.startAt, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel)
                : "no date"}{" "}
              · {formatPaise(b.amountPaise)}
              {b.payment
                ? ` · ${b.payment.provider} ${b.payment.status} (${b.payment.orderId}${b.payment.refundId ? `, refund ${b.payment.refundId}` : ""})`
                : ""}
            </p>
            {b.startAt && (
              <AfterSessionActions
                booking={{ id: b.id, kind: b.kind as "mock", status: b.status, startAt: b.startAt }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
