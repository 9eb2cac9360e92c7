import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { INTERVIEWER_MESSAGES } from "../../../shared/messages.js";
import type { InterviewerSessions } from "../../../shared/schemas/interviewer.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useClientConfig } from "../../shared/session/get-config.js";
import { useMe } from "../../shared/session/get-me.js";
import { useSignOut } from "../../shared/session/sign-out.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { Tabs } from "../../ui/tabs.js";
import { useInterviewerSessions, useSessionsLiveUpdates } from "./api/get-sessions.js";
import { CalendarCard } from "./components/calendar-card.js";
import { HostedWorkshops } from "./components/hosted-workshops.js";
import { Mentoring } from "./components/mentoring.js";
import { SessionCard } from "./components/session-card.js";

/** /interviewer: the interviewer's sessions, scorecards and calendar feed (docs/product.md, Interviewers). */
export default function InterviewerRoute() {
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const interviewer = signedIn && me.data?.isInterviewer === true;
  const sessions = useInterviewerSessions(interviewer);
  useSessionsLiveUpdates(interviewer);

  const body = () => {
    if (me.isPending) return <Spinner label="Checking access…" />;
    if (me.isError) return <Alert tone="error">{me.error.message}</Alert>;
    if (!me.data.user) return <SignedOut />;
    if (!interviewer) return <Alert tone="error">{INTERVIEWER_MESSAGES.notInterviewer}</Alert>;
    if (sessions.isPending) return <Spinner label="Loading your sessions…" />;
    if (sessions.isError) return <Alert tone="error">{sessions.error.message}</Alert>;
    return <Workspace data={sessions.data} />;
  };

  return (
    <>
      <Header email={me.data?.user?.email} />
      <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        {body()}
      </main>
    </>
  );
}

function Header({ email }: { email: string | undefined }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-800">
          CareerPrep <span className="font-medium text-slate-700">· Interviewer</span>
        </Link>
        {email && (
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-700">{email}</span>
            <Button variant="secondary" onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/") })}>
              Sign out
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}

function SignedOut() {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">Interviewer sign-in</h1>
      <p className="mt-2 text-slate-700">
        Sign in with the e-mail address the CareerPrep team has on record for you to see your sessions.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 p-6 shadow-sm">
        <SignInPanels callbackURL="/interviewer" />
      </div>
    </div>
  );
}

type Tab = "upcoming" | "past";

function Workspace({ data }: { data: InterviewerSessions }) {
  const [tab, setTab] = useState<Tab>(data.upcoming.length === 0 && data.past.length > 0 ? "past" : "upcoming");
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const list = tab === "upcoming" ? data.upcoming : data.past;
  const awaiting = data.past.filter((s) => s.status !== "no_show" && !s.hasScorecard).length;

  return (
    <>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Your sessions, {data.interviewer.name.split(" ")[0]}</h1>
        <p className="mt-1 text-slate-700">
          {awaiting > 0
            ? `${awaiting} past ${awaiting === 1 ? "session is" : "sessions are"} waiting for a scorecard.`
            : "Every past session has its scorecard or outcome."}
        </p>
      </div>
      {!data.interviewer.active && (
        <Alert tone="info">
          You are not taking new sessions at the moment. Your past sessions and their scorecards stay here.
        </Alert>
      )}
      <CalendarCard />
      <HostedWorkshops workshops={data.workshops} zone={zone} zoneLabel={zoneLabel} />
      <Mentoring zone={zone} zoneLabel={zoneLabel} />
      <Tabs
        label="Sessions"
        items={[
          { id: "upcoming", label: `Upcoming (${data.upcoming.length})` },
          { id: "past", label: `Past (${data.past.length})` },
        ]}
        selected={tab}
        onSelect={setTab}
        listClassName="flex gap-2 border-b border-slate-200"
        tabClassName={(selected) =>
          `min-h-11 border-b-2 px-4 text-sm font-semibold ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700"}`
        }
        panelClassName="pt-2"
      >
        {list.length === 0 ? (
          <p className="text-slate-700">
            {tab === "upcoming" ? "No upcoming sessions booked yet." : "No past sessions yet."}
          </p>
        ) : (
          <ul className="space-y-3">
            {list.map((session) => (
              <SessionCard key={session.bookingId} session={session} zone={zone} zoneLabel={zoneLabel} />
            ))}
          </ul>
        )}
      </Tabs>
    </>
  );
}
