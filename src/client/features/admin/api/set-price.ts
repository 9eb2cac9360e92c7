import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogKey } from "../../../../shared/constants.js";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import type { PricingInput } from "../../../../shared/schemas/pricing.js";
import { apiFetch } from "../../../lib/api.js";
import { catalogQuery } from "../../../shared/catalog/get-catalog.js";
import { pricesQuery } from "./get-prices.js";

export const setPrice = ({ key, input }: { key: CatalogKey; input: PricingInput }) =>
  apiFetch<CatalogItemDto>(`/api/admin/pricing/${key}`, { method: "PUT", body: input });

export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrice,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pricesQuery().queryKey });
      // The student pages of this browser cache the catalog.
      await queryClient.invalidateQueries({ queryKey: catalogQuery().queryKey });
    },
  });
}
