import { Link } from "react-router";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { useRecordings } from "./recordings-api.js";

/** "Watch the replay" beside a scorecard, once both recordings of the session are in. */
export function ReplayLink({ bookingId }: { bookingId: string }) {
  const recordings = useRecordings(bookingId);
  const ready = recordings.data?.recordings.some((recording) => recording.status === "ready");
  if (!ready) return null;
  return (
    <Link
      to={`/sessions/${encodeURIComponent(bookingId)}/replay`}
      className="text-sm font-medium text-brand-800 underline"
    >
      {RECORDING_MESSAGES.watchReplay}
    </Link>
  );
}
