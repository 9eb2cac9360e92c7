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

export const useWorkshops = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["workshops"],
    queryFn: () => apiFetch<{ workshops: WorkshopListing[] }>("/api/workshops"),
    select: (data) => data.workshops,
  });

/** Every internship batch that has not started, of every track (docs/product.md, Internships). */
export const useInternships = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ["internships", "all"],
    queryFn: () => apiFetch<{ internships: InternshipListing[] }>("/api/internships"),
    select: (data) => data.internships,
  });
