import { useState } from "react";
import { useSearchParams } from "react-router";
import { DASHBOARD_TABS, type DashboardTab } from "../../../shared/schemas/dashboard.js";
import type { MeResponse } from "../../../shared/schemas/session.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useClientConfig } from "../../shared/session/get-config.js";
import { useMe } from "../../shared/session/get-me.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { useDashboard } from "./api/get-dashboard.js";
import { useUserLiveUpdates } from "./api/user-stream.js";
import { DashboardHeader } from "./components/dashboard-header.js";
import { InternshipsTab } from "./components/internships-tab.js";
import { InterviewsTab } from "./components/interviews-tab.js";
import { NoticeProvider } from "./components/notice.js";
import { OverviewTab } from "./components/overview-tab.js";
import { ProfileTab } from "./components/profile-tab.js";
import { SearchResults } from "./components/search-results.js";
import { Sidebar } from "./components/sidebar.js";
import { WorkshopsTab } from "./components/workshops-tab.js";

export default function DashboardRoute() {
  const me = useMe();
  if (me.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center">
        <Spinner label="Loading your dashboard…" />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className="mx-auto max-w-md p-6">
        <Alert tone="error">{me.error.message}</Alert>
      </main>
    );
  }
  if (!me.data.user) return <SignedOut />;
  return <SignedInDashboard user={me.data.user} />;
}

/** Signed-out visitors sign in right here and come back to the dashboard. */
function SignedOut() {
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-2xl font-bold text-slate-900">Sign in to see your dashboard</h1>
      <p className="mt-2 text-slate-700">Your sessions, feedback and certificates are waiting behind sign-in.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 p-6 shadow-sm">
        <SignInPanels callbackURL="/dashboard" />
      </div>
    </main>
  );
}

function SignedInDashboard({ user }: { user: NonNullable<MeResponse["user"]> }) {
  const [params] = useSearchParams();
  const requested = params.get("tab");
  const tab: DashboardTab = DASHBOARD_TABS.includes(requested as DashboardTab)
    ? (requested as DashboardTab)
    : "overview";
  // A search belongs to the tab it was typed on: following a sidebar link clears it.
  const [search, setSearch] = useState({ tab, text: "" });
  const query = search.tab === tab ? search.text : "";
  const dashboard = useDashboard(true);
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  useUserLiveUpdates(true);

  const content = () => {
    if (dashboard.isPending) return <Spinner label="Loading your sessions…" />;
    if (dashboard.isError) {
      return (
        <div className="space-y-3">
          <Alert tone="error">{dashboard.error.message}</Alert>
          <Button variant="secondary" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    const data = dashboard.data;
    if (query.trim()) return <SearchResults query={query} data={data} zone={zone} zoneLabel={zoneLabel} />;
    switch (tab) {
      case "interviews":
        return <InterviewsTab data={data} zone={zone} zoneLabel={zoneLabel} />;
      case "workshops":
        return <WorkshopsTab data={data} zone={zone} zoneLabel={zoneLabel} />;
      case "internships":
        return <InternshipsTab data={data} zone={zone} zoneLabel={zoneLabel} />;
      case "profile":
        return <ProfileTab user={user} data={data} />;
      default:
        return <OverviewTab data={data} zone={zone} zoneLabel={zoneLabel} />;
    }
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <DashboardHeader
        user={user}
        firstName={dashboard.data?.firstName}
        search={query}
        onSearch={(text) => setSearch({ tab, text })}
      />
      <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
        <Sidebar active={tab} />
        <NoticeProvider>
          {(banner) => (
            <main className="min-w-0 flex-1 p-4 md:p-6">
              {banner}
              {content()}
            </main>
          )}
        </NoticeProvider>
      </div>
    </div>
  );
}
