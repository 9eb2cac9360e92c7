import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { WaitlistPlaces } from "../../../shared/waitlist/waitlist-places.js";
import { isUpcoming } from "../format.js";
import { SAVED_RESOURCES } from "../resources.js";
import { Goals } from "./goals.js";
import { OnboardingCallToAction } from "./onboarding-call-to-action.js";
import { QuickActions } from "./quick-actions.js";
import { RecentFeedback } from "./recent-feedback.js";
import { SavedResources } from "./saved-resources.js";
import { StatCards } from "./stat-cards.js";
import { UpcomingInterviewCard } from "./upcoming-interview-card.js";
import { WeekCalendar } from "./week-calendar.js";
import { WelcomeBanner } from "./welcome-banner.js";

export function OverviewTab({ data, zone, zoneLabel }: { data: Dashboard; zone: string; zoneLabel: string }) {
  if (!data.hasBooking) {
    return (
      <div className="space-y-6">
        <WelcomeBanner firstName={data.firstName} hasBooking={false} />
        <WaitlistPlaces hideWhenEmpty />
        {data.stats.practiceMinutes > 0 && <StatCards stats={data.stats} zone={zone} zoneLabel={zoneLabel} />}
        <OnboardingCallToAction />
        <SavedResources resources={SAVED_RESOURCES} />
      </div>
    );
  }
  const nextInterview = data.sessions.find((s) => s.kind === "mock" && isUpcoming(s));
  return (
    <div className="space-y-6">
      <WelcomeBanner firstName={data.firstName} hasBooking />
      <WaitlistPlaces hideWhenEmpty />
      <StatCards stats={data.stats} zone={zone} zoneLabel={zoneLabel} />
      <div className="grid gap-6 xl:grid-cols-2">
        <UpcomingInterviewCard session={nextInterview} zone={zone} zoneLabel={zoneLabel} />
        <QuickActions sessions={data.sessions} zone={zone} zoneLabel={zoneLabel} />
      </div>
      <RecentFeedback sessions={data.sessions} zone={zone} zoneLabel={zoneLabel} />
      <WeekCalendar sessions={data.sessions} zone={zone} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Goals goals={data.goals} />
        <SavedResources resources={SAVED_RESOURCES} />
      </div>
    </div>
  );
}
