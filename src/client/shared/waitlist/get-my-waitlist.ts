import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WaitlistEntryDto } from "../../../shared/schemas/waitlist.js";
import { apiFetch } from "../../lib/api.js";

/** The student's places in line; the booking page and the dashboard share this one cache entry. */
export const myWaitlistQuery = () =>
  queryOptions({
    queryKey: ["waitlist"],
    queryFn: () => apiFetch<{ entries: WaitlistEntryDto[] }>("/api/me/waitlist"),
    select: (data) => data.entries,
  });

export const useMyWaitlist = (enabled = true) => useQuery({ ...myWaitlistQuery(), enabled });
