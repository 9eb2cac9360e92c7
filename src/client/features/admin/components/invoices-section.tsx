import { useState } from "react";
import { formatPaise } from "../../../../shared/money.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import type { TaxDocumentDto } from "../../../../shared/schemas/invoices.js";
import { periodQuerySchema } from "../../../../shared/schemas/invoices.js";
import { formatInstant, zonedDate } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { TextField } from "../../../ui/field.js";
import { invoicePdfUrl, invoicesCsvUrl, useInvoices } from "../api/get-invoices.js";
import { LoadMore } from "./load-more.js";
import { SectionLayout } from "./section-layout.js";

const TYPE_LABELS: Record<TaxDocumentDto["type"], string> = {
  invoice: "Tax invoice",
  receipt: "Payment receipt",
  credit_note: "Credit note",
  refund_receipt: "Refund receipt",
};

/** Invoices (docs/admin.md, Tax invoices): a period's documents, each as a PDF, all as CSV for the accountant. */
export function InvoicesSection() {
  const config = useClientConfig();
  const timeZone = config.data?.timeZone ?? "Asia/Kolkata";
  const today = zonedDate(new Date(), timeZone);
  const [period, setPeriod] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const checked = periodQuerySchema.safeParse(period);
  const errors = checked.success ? {} : issuesByField(checked.error);
  const list = useInvoices(period.from, period.to, checked.success);
  const documents = { ...list, data: list.data?.pages.flatMap((page) => page.documents) };

  return (
    <SectionLayout id="invoices" title="Invoices">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Issued from"
          type="date"
          value={period.from}
          error={errors.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
        />
        <TextField
          label="Issued until (included)"
          type="date"
          value={period.to}
          error={errors.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
        />
        {checked.success && (
          <a
            href={invoicesCsvUrl(period.from, period.to)}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
          >
            Export CSV for the accountant
          </a>
        )}
      </div>
      {documents.isPending && checked.success && <Spinner label="Loading invoices…" />}
      {documents.isError && <Alert tone="error">{documents.error.message}</Alert>}
      {documents.data?.length === 0 && (
        <p className="text-slate-700">No invoices, receipts or credit notes in this period.</p>
      )}
      {documents.data && documents.data.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Documents issued in the period</caption>
            <thead>
              <tr className="border-b border-slate-300">
                {["Number", "Type", "Issued", "Buyer", "Payment", "Total", "PDF"].map((h) => (
                  <th key={h} scope="col" className={`px-3 py-2 font-semibold ${h === "Total" ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {documents.data.map((d) => (
                <tr key={d.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="px-3 py-2 font-mono font-normal whitespace-nowrap">
                    {d.number}
                  </th>
                  <td className="px-3 py-2">
                    {TYPE_LABELS[d.type]}
                    {d.originalNumber && (
                      <span className="block text-xs text-slate-700">against {d.originalNumber}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatInstant(d.issuedAt, timeZone, config.data?.timeZoneLabel)}
                  </td>
                  <td className="px-3 py-2">
                    {d.buyerName}
                    <span className="block text-xs break-all text-slate-700">{d.buyerEmail}</span>
                  </td>
                  <td className="px-3 py-2" data-payment>
                    {d.paymentMethod}
                    {d.transactionRef && (
                      <span className="block font-mono text-xs break-all text-slate-700">{d.transactionRef}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatPaise(d.totalPaise)}</td>
                  <td className="px-3 py-2">
                    <a href={invoicePdfUrl(d.id)} download className="text-brand-700 underline">
                      Download<span className="sr-only"> {d.number}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={list} />
    </SectionLayout>
  );
}
