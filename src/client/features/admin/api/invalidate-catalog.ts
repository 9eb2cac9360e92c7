import type { QueryClient } from "@tanstack/react-query";
import { catalogQuery } from "../../../shared/catalog/get-catalog.js";
import { pricesQuery } from "./get-prices.js";

/** After a catalog change: the console's prices and the student pages of this browser read it again. */
export async function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: pricesQuery().queryKey });
  await queryClient.invalidateQueries({ queryKey: catalogQuery().queryKey });
}
