import { useEffect, useRef } from "react";
import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField } from "../../../ui/field.js";
import type { useLocalMedia } from "../lib/local-media.js";

type LocalMedia = ReturnType<typeof useLocalMedia>;

/** Before entering: the camera's preview, which camera and microphone, and why they may be missing. */
export function PreJoin({
  room,
  media,
  left,
  onJoin,
}: {
  room: Room;
  media: LocalMedia;
  left: boolean;
  onJoin: (withMedia: boolean) => void;
}) {
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{left ? ROOM_MESSAGES.left : "Ready to join?"}</h1>
      <p className="text-slate-700">
        {room.role === "student"
          ? `Your interviewer is ${room.peer.name}. Check your camera and microphone, then join.`
          : `Your student is ${room.peer.name}. Check your camera and microphone, then join.`}
      </p>
      <Preview stream={media.stream} />
      {media.error && <Alert tone="error">{media.error}</Alert>}
      {media.stream && <DevicePickers media={media} />}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onJoin(true)} disabled={!media.stream && !left}>
          {left ? ROOM_MESSAGES.rejoin : ROOM_MESSAGES.joinRoom}
        </Button>
        {!media.stream && !left && (
          <Button variant="secondary" onClick={() => void media.open({ cameraId: undefined, microphoneId: undefined })}>
            Try again
          </Button>
        )}
        {media.error && (
          <Button variant="secondary" onClick={() => onJoin(false)}>
            {ROOM_MESSAGES.joinWithoutMedia}
          </Button>
        )}
      </div>
    </div>
  );
}

function Preview({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <div className="aspect-video w-full max-w-lg overflow-hidden rounded-2xl bg-slate-900">
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        aria-label="Your camera preview"
        className="size-full -scale-x-100 object-cover"
      />
    </div>
  );
}

function DevicePickers({ media }: { media: LocalMedia }) {
  const cameras = media.devices.filter((d) => d.kind === "videoinput");
  const microphones = media.devices.filter((d) => d.kind === "audioinput");
  const cameraId = media.stream?.getVideoTracks()[0]?.getSettings().deviceId;
  const microphoneId = media.stream?.getAudioTracks()[0]?.getSettings().deviceId;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Camera"
        value={cameraId ?? ""}
        onChange={(e) => void media.open({ cameraId: e.target.value, microphoneId })}
      >
        {cameras.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `Camera ${index + 1}`}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Microphone"
        value={microphoneId ?? ""}
        onChange={(e) => void media.open({ cameraId, microphoneId: e.target.value })}
      >
        {microphones.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `Microphone ${index + 1}`}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
