import type { ReactNode } from "react";
import { InternshipsSection } from "./sections/internships-section.js";
import { InterviewersSection } from "./sections/interviewers-section.js";
import { SlotsSection } from "./sections/slots-section.js";
import {
  AdminsSection,
  AuditSection,
  BookingsSection,
  MessagesSection,
  PricingSection,
} from "./sections/small-sections.js";
import { WorkshopsSection } from "./sections/workshops-section.js";

export interface AdminSection {
  id: string;
  label: string;
  element: ReactNode;
}

/** The console's sections in display order: the spec's three first, then ours. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { id: "slots", label: "Slots", element: <SlotsSection /> },
  { id: "interviewers", label: "Interviewers", element: <InterviewersSection /> },
  { id: "internships", label: "Internships", element: <InternshipsSection /> },
  { id: "workshops", label: "Workshops", element: <WorkshopsSection /> },
  { id: "bookings", label: "Bookings", element: <BookingsSection /> },
  { id: "pricing", label: "Pricing", element: <PricingSection /> },
  { id: "messages", label: "Messages", element: <MessagesSection /> },
  { id: "admins", label: "Admins", element: <AdminsSection /> },
  { id: "audit", label: "Audit log", element: <AuditSection /> },
];
