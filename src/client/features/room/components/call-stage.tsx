import { useEffect, useRef } from "react";
import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";
import type { RoomSnapshot } from "../lib/room-session.js";

const STATUS_TEXT = {
  connected: () => ROOM_MESSAGES.connected,
  reconnecting: () => ROOM_MESSAGES.reconnecting,
  connecting: (peerName: string, peerPresent: boolean) =>
    peerPresent ? ROOM_MESSAGES.connecting : ROOM_MESSAGES.waitingForPeer(peerName),
} as const;

const DOT = { connected: "bg-green-600", reconnecting: "bg-amber-500", connecting: "bg-slate-400" } as const;

/** The other person's video large, one's own small in its corner, and how the connection is. */
export function CallStage({
  snapshot,
  local,
  peerName,
  cameraOff,
}: {
  snapshot: RoomSnapshot;
  local: MediaStream | null;
  peerName: string;
  cameraOff: boolean;
}) {
  return (
    <div className="space-y-2">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${DOT[snapshot.connection]}`} />
        {STATUS_TEXT[snapshot.connection](peerName, snapshot.peerPresent)}
      </p>
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
        <StreamVideo stream={snapshot.remoteStream} label={`${peerName}'s video`} remote />
        {!snapshot.remoteStream && (
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-slate-100">{peerName}</p>
        )}
        <p className="absolute bottom-2 left-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs text-white">{peerName}</p>
        <div className="absolute right-2 bottom-2 aspect-video w-1/4 min-w-24 overflow-hidden rounded-lg border border-white/60 bg-slate-800">
          {local && !cameraOff ? (
            <StreamVideo stream={local} label="Your video" muted mirrored />
          ) : (
            <p className="grid size-full place-items-center text-xs text-slate-100">You</p>
          )}
        </div>
      </div>
    </div>
  );
}

function StreamVideo({
  stream,
  label,
  remote = false,
  muted = false,
  mirrored = false,
}: {
  stream: MediaStream | null;
  label: string;
  remote?: boolean;
  muted?: boolean;
  mirrored?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-remote={remote ? "true" : undefined}
      className={`size-full object-cover ${mirrored ? "-scale-x-100" : ""}`}
    />
  );
}
