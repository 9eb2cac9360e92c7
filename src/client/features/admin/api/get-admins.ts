import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDto } from "../../../../shared/schemas/admins.js";
import { apiFetch } from "../../../lib/api.js";

export const adminsQuery = () =>
  queryOptions({
    queryKey: ["admin", "admins"],
    queryFn: () => apiFetch<{ admins: AdminDto[] }>("/api/admin/admins"),
    select: (data) => data.admins,
  });

export const useAdmins = () => useQuery(adminsQuery());
