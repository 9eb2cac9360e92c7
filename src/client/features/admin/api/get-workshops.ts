import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WorkshopDto } from "../../../../shared/schemas/workshops.js";
import { apiFetch } from "../../../lib/api.js";

export const workshopsQuery = () =>
  queryOptions({
    queryKey: ["admin", "workshops"],
    queryFn: () => apiFetch<{ workshops: WorkshopDto[] }>("/api/admin/workshops"),
    select: (data) => data.workshops,
  });

export const useWorkshops = () => useQuery(workshopsQuery());
