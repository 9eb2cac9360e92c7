import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogResponse } from "../../../../shared/schemas/catalog.js";
import { apiFetch } from "../../../lib/api.js";

/** The nine packages as the catalog serves them, always fresh in the console. */
export const pricesQuery = () =>
  queryOptions({
    queryKey: ["admin", "pricing"],
    queryFn: () => apiFetch<CatalogResponse>("/api/catalog"),
    select: (data) => data.items,
  });

export const usePrices = () => useQuery(pricesQuery());
