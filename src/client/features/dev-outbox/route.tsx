import { useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "../../../shared/schemas/outbox.js";
import { apiFetch } from "../../lib/api.js";
import { Alert, Spinner } from "../../ui/alert.js";

/** Development only: the mail and SMS this instance "sent". The API answers 404 in production. */
export default function DevOutboxRoute() {
  const outbox = useQuery({
    queryKey: ["dev-outbox"],
    queryFn: () => apiFetch<{ messages: OutboxMessage[] }>("/api/dev/outbox"),
    refetchInterval: 3_000,
    retry: false,
  });
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Development outbox</h1>
      <p className="mt-1 text-slate-700">
        E-mail and SMS sent while no SMTP server or SMS provider is configured. Newest first.
      </p>
      <div className="mt-6 space-y-4">
        {outbox.isPending && <Spinner label="Loading messages…" />}
        {outbox.isError && <Alert tone="error">The outbox is not available on this server.</Alert>}
        {outbox.data?.messages.length === 0 && <p>Nothing has been sent yet.</p>}
        {outbox.data?.messages.map((m) => (
          <article key={m.id} className="rounded-xl border border-slate-300 p-4">
            <h2 className="font-semibold">{m.subject}</h2>
            <p className="text-sm text-slate-700">
              {m.channel === "sms" ? "SMS" : "E-mail"} to {m.to} · {new Date(m.createdAt).toLocaleString("en-IN")}
            </p>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{linkify(m.text)}</pre>
            {m.attachments.length > 0 && (
              <p className="mt-2 text-sm text-slate-700">
                Attachments: {m.attachments.map((a) => a.filename).join(", ")}
              </p>
            )}
          </article>
        ))}
      </div>
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
      <a key={index} href={part} className="break-all text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
