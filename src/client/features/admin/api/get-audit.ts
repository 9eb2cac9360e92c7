import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditPageDto } from "../../../../shared/schemas/audit.js";
import { apiFetch } from "../../../lib/api.js";

/** The newest `limit` entries, of one entity when given. */
export const auditQuery = (entity: string, limit: number) =>
  queryOptions({
    queryKey: ["admin", "audit", entity, limit],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (entity) params.set("entity", entity);
      return apiFetch<AuditPageDto>(`/api/admin/audit?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAudit = (entity: string, limit: number) => useQuery(auditQuery(entity, limit));
