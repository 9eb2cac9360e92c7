import { type FormEvent, useState } from "react";
import { CONTACT_REPLY_MAX, type InboxDto } from "../../../../shared/schemas/inbox.js";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextAreaField } from "../../../ui/field.js";
import { useReplyToMessage } from "../api/reply-to-message.js";
import { AdminError } from "./admin-error.js";

type InboxMessage = InboxDto["messages"][number];

/** A message's replies, oldest first, each with who sent it and when the mail went. */
function Replies({ replies }: { replies: InboxMessage["replies"] }) {
  const config = useClientConfig();
  const when = (iso: string) =>
    formatInstant(iso, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel ?? "IST");
  if (replies.length === 0) return null;
  return (
    <ol className="mt-3 space-y-2 border-l-2 border-brand-700 pl-3" aria-label="Replies">
      {replies.map((r) => (
        <li key={r.id} data-reply>
          <p className="text-xs text-slate-700">
            {r.authorEmail} · {r.sentAt ? `mailed ${when(r.sentAt)}` : "not mailed yet: the server keeps trying"}
          </p>
          <p className="whitespace-pre-wrap text-slate-900">{r.message}</p>
        </li>
      ))}
    </ol>
  );
}

/** The thread under a message and the form that mails a reply to its sender. */
export function MessageThread({ message }: { message: InboxMessage }) {
  const send = useReplyToMessage();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { id: message.id, message: text },
      {
        onSuccess: () => {
          setText("");
          setOpen(false);
        },
      },
    );
  };
  return (
    <div>
      <Replies replies={message.replies} />
      {send.isSuccess && !open && <Alert tone="success">Reply sent to {message.email}.</Alert>}
      {open ? (
        <form onSubmit={submit} className="mt-3 space-y-2">
          <TextAreaField
            label={`Reply to ${message.name} (${message.email})`}
            rows={4}
            maxLength={CONTACT_REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint="Sent by e-mail with their message quoted, and kept here."
          />
          {send.error && <AdminError error={send.error} />}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={send.isPending || !text.trim()}>
              {send.isPending ? "Sending…" : "Send reply"}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          Reply<span className="sr-only">: {message.subject}</span>
        </Button>
      )}
    </div>
  );
}
