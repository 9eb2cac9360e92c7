import { Link, useParams } from "react-router";
import { roomWindowSchema } from "../../../shared/schemas/rooms.js";
import { formatInstant } from "../../../shared/time.js";
import { ApiError } from "../../lib/api.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useClientConfig } from "../../shared/session/get-config.js";
import { SiteHeader } from "../../shared/site-header/site-header.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { useRoom } from "./api/get-room.js";
import { RoomPage } from "./components/room-page.js";

/** /room/:bookingId: the mock interview's own room (docs/product.md, The interview room). */
export default function RoomRoute() {
  const { bookingId = "" } = useParams();
  const room = useRoom(bookingId);

  if (room.data) return <RoomPage bookingId={bookingId} room={room.data} />;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-10" data-connection="connecting">
        <h1 className="text-2xl font-bold text-slate-900">Interview room</h1>
        {room.isPending && <Spinner label="Opening the room…" />}
        {room.isError && <Refused error={room.error} bookingId={bookingId} />}
      </main>
    </>
  );
}

function Refused({ error, bookingId }: { error: Error; bookingId: string }) {
  const config = useClientConfig();
  if (error instanceof ApiError && error.status === 401) {
    return (
      <div className="rounded-2xl border border-slate-200 p-6 shadow-sm">
        <p className="mb-4 text-slate-700">Sign in to enter your interview room.</p>
        <SignInPanels callbackURL={`/room/${bookingId}`} />
      </div>
    );
  }
  const window = error instanceof ApiError ? roomWindowSchema.safeParse(error.details) : undefined;
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  return (
    <>
      <Alert tone="error">{error.message}</Alert>
      {window?.success && (
        <p className="text-sm text-slate-700">
          Open from {formatInstant(window.data.opensAt, zone, config.data?.timeZoneLabel)} until{" "}
          {formatInstant(window.data.closesAt, zone, config.data?.timeZoneLabel)}.
        </p>
      )}
      <p className="text-sm text-slate-700">
        <Link to="/dashboard" className="font-medium text-brand-800 underline">
          Your dashboard
        </Link>{" "}
        ·{" "}
        <Link to="/interviewer" className="font-medium text-brand-800 underline">
          Interviewer workspace
        </Link>
      </p>
    </>
  );
}
