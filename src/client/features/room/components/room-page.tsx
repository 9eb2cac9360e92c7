import { useState } from "react";
import * as Y from "yjs";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { useLocalMedia } from "../lib/local-media.js";
import { InCall } from "./in-call.js";
import { PreJoin } from "./pre-join.js";
import { RoomHeader } from "./room-header.js";

type Phase = "pre-join" | "in-call" | "left";

/**
 * The room for one of its two people: the pre-join screen (preview, devices), then the call with
 * the shared editor (and, for the interviewer, notes and the resume); after leaving, a way back in.
 */
export function RoomPage({ bookingId, room }: { bookingId: string; room: Room }) {
  const media = useLocalMedia();
  const [phase, setPhase] = useState<Phase>("pre-join");
  const [callMedia, setCallMedia] = useState<MediaStream | null>(null);
  // One document for the whole visit, so edits made while the connection is down are sent when it is back.
  const [doc] = useState(() => new Y.Doc());

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
        <InCall
          bookingId={bookingId}
          room={room}
          doc={doc}
          media={callMedia}
          onLeave={() => {
            media.stop();
            setPhase("left");
          }}
        />
      ) : (
        <main id="main" data-connection="connecting" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
          <PreJoin room={room} media={media} left={phase === "left"} onJoin={(useMedia) => void join(useMedia)} />
        </main>
      )}
    </div>
  );
}
