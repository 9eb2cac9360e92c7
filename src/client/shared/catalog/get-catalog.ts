import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CatalogLabeler, catalogLabeler } from "../../../shared/catalog-label.js";
import type { CatalogKey } from "../../../shared/constants.js";
import type { CatalogItemDto, CatalogResponse } from "../../../shared/schemas/catalog.js";
import { apiFetch } from "../../lib/api.js";

/** Prices and availability as the server sells them; no page hard-codes a price. One cache entry for every page. */
export const catalogQuery = () =>
  queryOptions({
    queryKey: ["catalog"],
    queryFn: () => apiFetch<CatalogResponse>("/api/catalog"),
    staleTime: 60_000,
  });

/** The catalog by key. */
export const useCatalog = () =>
  useQuery({
    ...catalogQuery(),
    select: (data) => new Map<CatalogKey, CatalogItemDto>(data.items.map((item) => [item.key, item])),
  });

/** The workshop topics ("ws_") or internship tracks ("int_") the admin keeps, in the catalog's order. */
export const useCatalogTopics = (prefix: "ws_" | "int_") =>
  useQuery({
    ...catalogQuery(),
    select: (data) => data.items.filter((item) => item.key.startsWith(prefix)),
  });

/**
 * Names a package, topic or track as the catalog does now (docs/decisions/0400-topics-and-tracks-as-data.md):
 * the admin's label, else the built-in name until the catalog has loaded, else the key.
 */
export const useCatalogLabel = (): CatalogLabeler => {
  const { data } = useQuery({ ...catalogQuery(), select: (response) => catalogLabeler(response.items) });
  return data ?? catalogLabeler();
};
