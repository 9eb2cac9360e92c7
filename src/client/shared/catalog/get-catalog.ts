import { queryOptions, useQuery } from "@tanstack/react-query";
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
