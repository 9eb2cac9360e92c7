import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicCertificate } from "../../../../shared/schemas/certificates.js";
import { apiFetch } from "../../../lib/api.js";

export const revokeCertificate = (code: string) =>
  apiFetch<PublicCertificate>(`/api/admin/certificates/${encodeURIComponent(code)}/revoke`, { method: "POST" });

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
