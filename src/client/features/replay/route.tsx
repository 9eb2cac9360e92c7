import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import type { Dashboard } from "../../../shared/schemas/dashboard.js";
import { apiFetch } from "../../lib/api.js";
import { useDeleteReplay, useRecordings } from "../../shared/recordings/recordings-api.js";
import { SessionCode } from "../../shared/room/session-code.js";
import { SiteHeader } from "../../shared/site-header/site-header.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { CaptionsUpload } from "./components/captions-upload.js";
import { ReplayPlayer } from "./components/replay-player.js";
import { noteMarksOf } from "./lib/note-marks.js";

/** /sessions/:bookingId/replay: both recordings in sync, the scorecard's notes as marks, the final code. */
export default function ReplayRoute() {
  const { bookingId = "" } = useParams();
  const recordings = useRecordings(bookingId);
  const list = recordings.data?.recordings ?? [];
  const ready = list.length > 0 && list.every((recording) => recording.status === "ready");
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-5xl space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">{RECORDING_MESSAGES.replayTitle}</h1>
        {recordings.isPending && <Spinner label="Loading the replay…" />}
        {recordings.isError && <Alert tone="error">{recordings.error.message}</Alert>}
        {recordings.data && list.length === 0 && <p className="text-slate-800">{RECORDING_MESSAGES.noReplay}</p>}
        {recordings.data && list.length > 0 && !ready && <Alert>{RECORDING_MESSAGES.replayNotReady}</Alert>}
        {ready && <ReplayWithScorecard bookingId={bookingId} recordings={list} />}
      </main>
    </>
  );
}

function ReplayWithScorecard({
  bookingId,
  recordings,
}: {
  bookingId: string;
  recordings: NonNullable<ReturnType<typeof useRecordings>["data"]>["recordings"];
}) {
  // The student's own scorecard comes with their dashboard; others see the replay and the code.
  const dashboard = useQuery({
    queryKey: ["dashboard"],
    queryFn: () => apiFetch<Dashboard>("/api/dashboard"),
    retry: false,
  });
  const scorecard = dashboard.data?.sessions.find((s) => s.bookingId === bookingId)?.scorecard ?? null;
  return (
    <>
      <ReplayPlayer recordings={recordings} marks={noteMarksOf(scorecard?.notes ?? "")} />
      {scorecard && (
        <section aria-label="Scorecard" className="space-y-1 rounded-xl bg-slate-50 p-4">
          <h2 className="font-semibold text-slate-900">Scorecard: overall {scorecard.overall}/5</h2>
          {scorecard.notes && <p className="whitespace-pre-line text-sm text-slate-800">{scorecard.notes}</p>}
        </section>
      )}
      <SessionCode bookingId={bookingId} />
      <CaptionsUpload bookingId={bookingId} recordings={recordings} />
      {scorecard && <DeleteReplay bookingId={bookingId} />}
    </>
  );
}

function DeleteReplay({ bookingId }: { bookingId: string }) {
  const remove = useDeleteReplay(bookingId);
  const navigate = useNavigate();
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(RECORDING_MESSAGES.deleteReplayConfirm)) {
            remove.mutate(undefined, { onSuccess: () => navigate("/dashboard?tab=interviews") });
          }
        }}
      >
        {RECORDING_MESSAGES.deleteReplay}
      </Button>
      {remove.error && <Alert tone="error">{remove.error.message}</Alert>}
    </div>
  );
}
