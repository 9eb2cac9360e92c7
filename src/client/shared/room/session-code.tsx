import { ROOM_LANGUAGE_LABELS } from "../../../shared/constants.js";
import { ROOM_LINK_MESSAGES } from "../../../shared/messages.js";
import { useRoomCode } from "./room-api.js";

/** The code written in a session's room, read-only, beside its scorecard; nothing when it cannot be read. */
export function SessionCode({ bookingId }: { bookingId: string }) {
  const code = useRoomCode(bookingId);
  if (!code.data) return null;
  return (
    <section aria-label={ROOM_LINK_MESSAGES.finalCode} className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">
        {ROOM_LINK_MESSAGES.finalCode} ({ROOM_LANGUAGE_LABELS[code.data.language]})
      </h3>
      {code.data.text.trim() ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <pre tabIndex={0} className="max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-50">
          <code>{code.data.text}</code>
        </pre>
      ) : (
        <p className="text-sm text-slate-700">{ROOM_LINK_MESSAGES.noCode}</p>
      )}
    </section>
  );
}
