import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { InvoicesPageDto } from "../../../../shared/schemas/invoices.js";
import { apiFetch } from "../../../lib/api.js";

/** Invoices, receipts and credit notes issued between two platform-zone dates, both included, a page at a time. */
export const invoicesQuery = (from: string, to: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "invoices", from, to],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ from, to });
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<InvoicesPageDto>(`/api/admin/invoices?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useInvoices = (from: string, to: string, enabled: boolean) =>
  useInfiniteQuery({ ...invoicesQuery(from, to), enabled });

/** The period's documents as CSV for the accountant (a download, not a query). */
export const invoicesCsvUrl = (from: string, to: string) =>
  `/api/admin/invoices.csv?${new URLSearchParams({ from, to })}`;

export const invoicePdfUrl = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;
