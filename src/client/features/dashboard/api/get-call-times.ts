import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";

export const useCallTimes = (bookingId: string, enabled: boolean) =>
  useQuery({
    queryKey: ["programme", bookingId, "call-times"],
    queryFn: () =>
      apiFetch<{ times: { startAt: string; endAt: string }[] }>(
        `/api/me/internships/${encodeURIComponent(bookingId)}/onboarding-call/times`,
      ),
    select: (data) => data.times,
    enabled,
  });
