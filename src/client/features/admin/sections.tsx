import { type ReactNode, Suspense } from "react";
import { lazyRoute } from "../../lib/lazy.js";
import { Spinner } from "../../ui/alert.js";
import { AdminsSection } from "./components/admins-section.js";
import { AuditSection } from "./components/audit-section.js";
import { BookingsSection } from "./components/bookings-section.js";
import { CouponsSection } from "./components/coupons-section.js";
import { InternshipsSection } from "./components/internships-section.js";
import { InterviewersSection } from "./components/interviewers-section.js";
import { InvoicesSection } from "./components/invoices-section.js";
import { MessagesSection, UnhandledBadge } from "./components/messages-section.js";
import { PracticeSection } from "./components/practice/practice-section.js";
import { PricingSection } from "./components/pricing-section.js";
import { ProgrammeSection } from "./components/programme-section.js";
import { SlotsSection } from "./components/slots-section.js";
import { WaitlistsSection } from "./components/waitlists-section.js";
import { WorkshopsSection } from "./components/workshops-section.js";

/** Insights brings the charting library: its own chunk, loaded when the section is opened. */
const InsightsSection = lazyRoute(() => import("./components/insights/insights-section.js"));

export interface AdminSection {
  /** In the address (`/admin?section=<id>`), so a section can be linked to and survives a reload. */
  id: string;
  /** The tab's name; the section's level-2 heading says the same. */
  label: string;
  /** Shown inside the tab after the label (a count); render nothing when there is nothing to show. */
  badge?: ReactNode;
  element: ReactNode;
}

/** The console's sections in tab order: Slots, Interviewers and Internships first (docs/product.md, Admin console). */
export const ADMIN_SECTIONS: AdminSection[] = [
  { id: "slots", label: "Slots", element: <SlotsSection /> },
  { id: "interviewers", label: "Interviewers", element: <InterviewersSection /> },
  { id: "internships", label: "Internships", element: <InternshipsSection /> },
  { id: "workshops", label: "Workshops", element: <WorkshopsSection /> },
  { id: "programme", label: "Programme", element: <ProgrammeSection /> },
  { id: "bookings", label: "Bookings", element: <BookingsSection /> },
  { id: "waitlists", label: "Waitlists", element: <WaitlistsSection /> },
  {
    id: "insights",
    label: "Insights",
    element: (
      <Suspense fallback={<Spinner label="Loading the charts…" />}>
        <InsightsSection />
      </Suspense>
    ),
  },
  { id: "pricing", label: "Pricing", element: <PricingSection /> },
  { id: "practice", label: "Practice questions", element: <PracticeSection /> },
  { id: "coupons", label: "Coupons", element: <CouponsSection /> },
  { id: "invoices", label: "Invoices", element: <InvoicesSection /> },
  { id: "messages", label: "Messages", badge: <UnhandledBadge />, element: <MessagesSection /> },
  { id: "admins", label: "Admins", element: <AdminsSection /> },
  { id: "audit", label: "Audit log", element: <AuditSection /> },
];
