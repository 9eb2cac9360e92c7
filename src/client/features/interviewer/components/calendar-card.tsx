import { useState } from "react";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useCalendarFeed, useReplaceCalendarFeed } from "../api/calendar-feed.js";

/** The private feed URL to paste into Google Calendar, Outlook or Apple Calendar ("subscribe from URL"). */
export function CalendarCard() {
  const feed = useCalendarFeed();
  const replace = useReplaceCalendarFeed();
  const [copied, setCopied] = useState(false);
  const url = feed.data?.url ?? "";

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <section aria-labelledby="calendar-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="calendar-heading" className="text-lg font-semibold text-slate-900">
        Your calendar feed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to this private link in Google Calendar, Outlook or Apple Calendar ("From URL") and your sessions
        appear there and stay up to date. Anyone with the link can see your sessions: keep it to yourself.
      </p>
      {feed.isError && <Alert tone="error">{feed.error.message}</Alert>}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="calendar-url" className="sr-only">
          Calendar feed link
        </label>
        <input
          id="calendar-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800"
        />
        <Button variant="secondary" onClick={() => void copy()} disabled={!url}>
          {copied ? "Copied" : "Copy link"}
        </Button>
        <Button variant="secondary" onClick={() => replace.mutate()} disabled={replace.isPending}>
          Get a new link
        </Button>
      </div>
      {replace.isSuccess && (
        <Alert tone="success">A new link is ready; the old one no longer works. Subscribe again with this one.</Alert>
      )}
      {replace.isError && <Alert tone="error">{replace.error.message}</Alert>}
    </section>
  );
}
