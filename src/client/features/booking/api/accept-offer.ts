import { useMutation } from "@tanstack/react-query";
import type { HoldDto } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

/** A seat held for the student from the waitlist becomes their hold, ready for checkout. */
export const useAcceptOffer = () =>
  useMutation({
    mutationFn: (entryId: string) =>
      apiFetch<HoldDto>(`/api/me/waitlist/${encodeURIComponent(entryId)}/accept`, { method: "POST" }),
  });
