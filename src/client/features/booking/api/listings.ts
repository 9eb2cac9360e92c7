import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyType } from "../../../../shared/constants.js";
import type { InternshipListing, SlotListing, WorkshopListing } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

export const slotsQuery = (plan: CompanyType) =>
  queryOptions({
    queryKey: ["slots", plan],
    queryFn: () => apiFetch<{ slots: SlotListing[] }>(`/api/slots?package=${plan}`),
    select: (data) => data.slots,
  });

export const useSlots = (plan: CompanyType | undefined) =>
  useQuery({ ...slotsQuery(plan ?? "service"), enabled: plan !== undefined });

export const useWorkshops = () =>
  useQuery({
    queryKey: ["workshops"],
    queryFn: () => apiFetch<{ workshops: WorkshopListing[] }>("/api/workshops"),
    select: (data) => data.workshops,
  });

export const useUpcomingInternship = () =>
  useQuery({
    queryKey: ["internships", "upcoming"],
    queryFn: () => apiFetch<{ internship: InternshipListing | null }>("/api/internships/upcoming"),
    select: (data) => data.internship,
  });
