import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TaxDocumentDto } from "../../../../shared/schemas/invoices.js";
import { apiFetch } from "../../../lib/api.js";

/** Invoices, receipts and credit notes issued between two platform-zone dates, both included. */
export const invoicesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ["admin", "invoices", from, to],
    queryFn: () =>
      apiFetch<{ documents: TaxDocumentDto[] }>(`/api/admin/invoices?${new URLSearchParams({ from, to })}`),
    select: (data) => data.documents,
    placeholderData: keepPreviousData,
  });

export const useInvoices = (from: string, to: string, enabled: boolean) =>
  useQuery({ ...invoicesQuery(from, to), enabled });

/** The period's documents as CSV for the accountant (a download, not a query). */
export const invoicesCsvUrl = (from: string, to: string) =>
  `/api/admin/invoices.csv?${new URLSearchParams({ from, to })}`;

export const invoicePdfUrl = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;
