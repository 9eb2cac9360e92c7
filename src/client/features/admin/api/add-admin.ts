import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddAdminForm, AdminDto } from "../../../../shared/schemas/admins.js";
import { apiFetch } from "../../../lib/api.js";
import { adminsQuery } from "./get-admins.js";

export const addAdmin = (form: AddAdminForm) => apiFetch<AdminDto>("/api/admin/admins", { method: "POST", body: form });

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQuery().queryKey }),
  });
}
