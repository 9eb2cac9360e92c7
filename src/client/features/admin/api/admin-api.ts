import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CatalogKey } from "../../../../shared/constants.js";
import type {
  AdminBookingDto,
  AdminDto,
  AuditEntryDto,
  ContactMessageDto,
  InternshipDto,
  InternshipInput,
  InterviewerDto,
  InterviewerInput,
  SlotDto,
  SlotInput,
  WorkshopDto,
  WorkshopInput,
} from "../../../../shared/schemas/admin.js";
import { apiFetch } from "../../../lib/api.js";

/** Every admin query key starts with "admin", so any admin write can refresh them all. */
function useAdminWrite<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }) });
}

export const useInterviewers = () =>
  useQuery({
    queryKey: ["admin", "interviewers"],
    queryFn: () => apiFetch<{ interviewers: InterviewerDto[] }>("/api/admin/interviewers"),
    select: (d) => d.interviewers,
  });
export const useSaveInterviewer = () =>
  useAdminWrite(({ id, input }: { id?: string; input: InterviewerInput }) =>
    apiFetch<InterviewerDto>(id ? `/api/admin/interviewers/${id}` : "/api/admin/interviewers", {
      method: id ? "PUT" : "POST",
      body: input,
    }),
  );
export const useToggleInterviewer = () =>
  useAdminWrite((id: string) => apiFetch(`/api/admin/interviewers/${id}/toggle`, { method: "POST" }));
export const useDeleteInterviewer = () =>
  useAdminWrite((id: string) => apiFetch(`/api/admin/interviewers/${id}`, { method: "DELETE" }));

export const useWeekSlots = (week: string) =>
  useQuery({
    queryKey: ["admin", "slots", week],
    queryFn: () => apiFetch<{ weekStart: string; slots: SlotDto[] }>(`/api/admin/slots?week=${week}`),
  });
export const useSaveSlot = () =>
  useAdminWrite(({ id, input }: { id?: string; input: SlotInput }) =>
    apiFetch<SlotDto>(id ? `/api/admin/slots/${id}` : "/api/admin/slots", { method: id ? "PUT" : "POST", body: input }),
  );
export const useDeleteSlot = () =>
  useAdminWrite((id: string) => apiFetch(`/api/admin/slots/${id}`, { method: "DELETE" }));

export const useInternships = () =>
  useQuery({
    queryKey: ["admin", "internships"],
    queryFn: () => apiFetch<{ internships: InternshipDto[] }>("/api/admin/internships"),
    select: (d) => d.internships,
  });
export const useSaveInternship = () =>
  useAdminWrite(({ id, input }: { id?: string; input: InternshipInput }) =>
    apiFetch(id ? `/api/admin/internships/${id}` : "/api/admin/internships", {
      method: id ? "PUT" : "POST",
      body: input,
    }),
  );
export const useDeleteInternship = () =>
  useAdminWrite((id: string) => apiFetch(`/api/admin/internships/${id}`, { method: "DELETE" }));

export const useAdminWorkshops = () =>
  useQuery({
    queryKey: ["admin", "workshops"],
    queryFn: () => apiFetch<{ workshops: WorkshopDto[] }>("/api/admin/workshops"),
    select: (d) => d.workshops,
  });
export const useSaveWorkshop = () =>
  useAdminWrite(({ id, input }: { id?: string; input: WorkshopInput }) =>
    apiFetch(id ? `/api/admin/workshops/${id}` : "/api/admin/workshops", { method: id ? "PUT" : "POST", body: input }),
  );
export const useDeleteWorkshop = () =>
  useAdminWrite((id: string) => apiFetch(`/api/admin/workshops/${id}`, { method: "DELETE" }));

export function useSavePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, available, priceRupees }: { key: CatalogKey; available: boolean; priceRupees: number }) =>
      apiFetch(`/api/admin/pricing/${key}`, { method: "PUT", body: { available, priceRupees } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["catalog"] }),
  });
}

export const useMessages = () =>
  useQuery({
    queryKey: ["admin", "messages"],
    queryFn: () => apiFetch<{ messages: ContactMessageDto[]; unhandled: number }>("/api/admin/messages"),
    refetchInterval: 60_000,
  });
export const useMarkHandled = () =>
  useAdminWrite(({ id, handled }: { id: string; handled: boolean }) =>
    apiFetch(`/api/admin/messages/${id}/handled`, { method: "POST", body: { handled } }),
  );

export const useAdmins = () =>
  useQuery({
    queryKey: ["admin", "admins"],
    queryFn: () => apiFetch<{ admins: AdminDto[] }>("/api/admin/admins"),
    select: (d) => d.admins,
  });
export const useAddAdmin = () =>
  useAdminWrite((email: string) => apiFetch("/api/admin/admins", { method: "POST", body: { email } }));
export const useRemoveAdmin = () =>
  useAdminWrite((email: string) => apiFetch(`/api/admin/admins/${encodeURIComponent(email)}`, { method: "DELETE" }));

export const useAudit = (entity: string) =>
  useQuery({
    queryKey: ["admin", "audit", entity],
    queryFn: () => apiFetch<{ entries: AuditEntryDto[] }>(`/api/admin/audit${entity ? `?entity=${entity}` : ""}`),
    select: (d) => d.entries,
  });

export const useAdminBookings = (filter: { kind: string; status: string; from: string; to: string }) => {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
  return useQuery({
    queryKey: ["admin", "bookings", filter],
    queryFn: () => apiFetch<{ bookings: AdminBookingDto[] }>(`/api/admin/bookings?${params}`),
    select: (d) => d.bookings,
  });
};
