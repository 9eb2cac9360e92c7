import { Suspense, useEffect, useState } from "react";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { lazyRoute } from "../../../lib/lazy.js";
import { Spinner } from "../../../ui/alert.js";
import { useLocalMedia } from "../lib/local-media.js";
import { PreJoin } from "./pre-join.js";
import { RoomHeader } from "./room-header.js";

type Phase = "pre-join" | "in-call" | "left";

// The call, the editor (CodeMirror, Yjs) and the notes are a chunk of their own, fetched while the person checks
// their camera: a refused or not-yet-open room, and the pre-join screen, load only the small part.
const loadCall = () => import("./in-call.js");
const InCall = lazyRoute(loadCall);

/**
 * The room for one of its two people: the pre-join screen (preview, devices), then the call with
 * the shared editor (and, for the interviewer, notes and the resume); after leaving, a way back in.
 */
export function RoomPage({ bookingId, room }: { bookingId: string; room: Room }) {
  const media = useLocalMedia();
  const [phase, setPhase] = useState<Phase>("pre-join");
  const [callMedia, setCallMedia] = useState<MediaStream | null>(null);
  useEffect(() => {
    void loadCall().catch(() => undefined);
  }, []);

  const join = async (useMedia: boolean) => {
    if (!useMedia) media.stop();
    // After leaving, the camera is off until joining again.
    const stream = useMedia
      ? (media.stream ?? (await media.open({ cameraId: undefined, microphoneId: undefined })))
      : null;
    if (useMedia && !stream) return;
    setCallMedia(stream);
    setPhase("in-call");
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <RoomHeader room={room} />
      {phase === "in-call" ? (
        <Suspense fallback={<Spinner label="Opening the room…" />}>
          <InCall
            bookingId={bookingId}
            room={room}
            media={callMedia}
            onLeave={() => {
              media.stop();
              setPhase("left");
            }}
          />
        </Suspense>
      ) : (
        <main id="main" data-connection="connecting" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
          <PreJoin room={room} media={media} left={phase === "left"} onJoin={(useMedia) => void join(useMedia)} />
        </main>
      )}
    </div>
  );
}
