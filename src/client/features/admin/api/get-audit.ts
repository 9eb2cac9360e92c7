import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPageDto } from "../../../../shared/schemas/audit.js";
import { apiFetch } from "../../../lib/api.js";

/** The newest entries, of one entity when given, a page at a time ("Show older entries"). */
export const auditQuery = (entity: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", entity],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (entity) params.set("entity", entity);
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<AuditPageDto>(`/api/admin/audit?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useAudit = (entity: string) => useInfiniteQuery(auditQuery(entity));
