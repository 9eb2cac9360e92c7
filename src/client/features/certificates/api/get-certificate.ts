import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicCertificate } from "../../../../shared/schemas/certificates.js";
import { ApiError, apiFetch } from "../../../lib/api.js";

export const certificateQuery = (code: string) =>
  queryOptions({
    queryKey: ["certificate", code],
    queryFn: () => apiFetch<PublicCertificate>(`/api/certificates/${encodeURIComponent(code)}`),
    // A missing certificate will not appear by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 3,
  });

export const useCertificate = (code: string) => useQuery(certificateQuery(code));
