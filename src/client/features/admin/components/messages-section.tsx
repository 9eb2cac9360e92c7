import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useInbox } from "../api/get-inbox.js";
import { useMarkHandled } from "../api/mark-handled.js";
import { LoadMore } from "./load-more.js";
import { MessageThread } from "./message-thread.js";
import { SectionLayout } from "./section-layout.js";

/** The contact form's inbox, newest first. */
export function MessagesSection() {
  const config = useClientConfig();
  const inbox = useInbox();
  const messages = inbox.data?.pages.flatMap((page) => page.messages);
  const unhandled = inbox.data?.pages[0]?.unhandled;
  const mark = useMarkHandled();
  return (
    <SectionLayout
      id="messages"
      title="Messages"
      tools={unhandled !== undefined && <p className="text-sm text-slate-700">{unhandled} unhandled</p>}
    >
      {inbox.isPending && <Spinner label="Loading messages…" />}
      {inbox.isError && <Alert tone="error">{inbox.error.message}</Alert>}
      {mark.isError && <Alert tone="error">{mark.error.message}</Alert>}
      {messages?.length === 0 && <p className="text-slate-700">No messages yet.</p>}
      <ul className="space-y-2">
        {messages?.map((m) => (
          <li
            key={m.id}
            className={`rounded-xl border p-3 ${m.handled ? "border-slate-200 bg-slate-50" : "border-brand-700 bg-white"}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">
                  {m.subject}
                  {!m.handled && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-900">New</span>
                  )}
                </h3>
                <p className="text-sm break-words text-slate-700">
                  {m.name} ·{" "}
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`} className="underline">
                    {m.email}
                  </a>{" "}
                  · {formatInstant(m.createdAt, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel)}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ id: m.id, handled: !m.handled })}
              >
                {m.handled ? "Mark unhandled" : "Mark handled"}
                <span className="sr-only">: {m.subject}</span>
              </Button>
            </div>
            <p className="mt-2 whitespace-pre-wrap text-slate-900">{m.message}</p>
            <MessageThread message={m} />
          </li>
        ))}
      </ul>
      <LoadMore list={inbox} label="Show older messages" />
    </SectionLayout>
  );
}

/** The Messages tab's count of messages still to answer; nothing when there are none. */
export function UnhandledBadge() {
  const inbox = useInbox();
  const count = inbox.data?.pages[0]?.unhandled ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
      {count}
      <span className="sr-only"> unhandled</span>
    </span>
  );
}
