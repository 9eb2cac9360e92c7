import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicCertificate } from "../../../../shared/schemas/certificates.js";
import { apiFetch } from "../../../lib/api.js";

export const issueCertificate = (bookingId: string) =>
  apiFetch<{ certificate: PublicCertificate; created: boolean }>(
    `/api/admin/bookings/${encodeURIComponent(bookingId)}/certificate`,
    { method: "POST" },
  );

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
