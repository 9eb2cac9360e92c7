import { type FormEvent, useState } from "react";
import type { AlertChannels } from "../../../../shared/schemas/alert-channels.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useAlertChannels, useSaveAlertChannels } from "../api/alert-channels.js";
import { Panel } from "./panel.js";

/** Where waitlist offers, 1-hour reminders and sessions moved or cancelled reach the student besides e-mail. */
export function AlertChannelsPanel() {
  const channels = useAlertChannels();
  return (
    <Panel title="News on your phone" id="phone-news">
      <p className="mb-3 text-sm text-slate-700">
        A seat offered from the waitlist, the reminder an hour before a session, and a session moved or cancelled by our
        team also reach your verified phone. E-mail always comes too.
      </p>
      {channels.isPending && <Spinner label="Loading your choices…" />}
      {channels.isError && <Alert tone="error">{channels.error.message}</Alert>}
      {channels.data && <ChannelsForm current={channels.data} />}
    </Panel>
  );
}

function ChannelsForm({ current }: { current: AlertChannels }) {
  const [draft, setDraft] = useState({ sms: current.sms, whatsapp: current.whatsapp });
  const save = useSaveAlertChannels();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {!current.phoneVerified && (
        <Alert tone="info">Verify your phone in the profile above: news goes only to a verified number.</Alert>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Send to my phone by</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            checked={draft.sms}
            onChange={(e) => setDraft((d) => ({ ...d, sms: e.target.checked }))}
          />
          SMS
        </label>
        {current.whatsappAvailable && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={draft.whatsapp}
              onChange={(e) => setDraft((d) => ({ ...d, whatsapp: e.target.checked }))}
            />
            WhatsApp
          </label>
        )}
      </fieldset>
      {save.isSuccess && <Alert tone="success">Saved: we will use these from now on.</Alert>}
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save phone news"}
      </Button>
    </form>
  );
}
