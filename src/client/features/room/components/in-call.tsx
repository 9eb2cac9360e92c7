import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import * as Y from "yjs";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { RecordingPanel } from "../../../shared/recordings/recording-panel.js";
import { Alert } from "../../../ui/alert.js";
import { useShortcuts } from "../lib/shortcuts.js";
import { useRoomSession } from "../lib/use-room-session.js";
import { CallControls } from "./call-controls.js";
import { CallStage } from "./call-stage.js";
import { CodePad, type CodePadHandle } from "./code-pad.js";
import { NOTE_FIELD_ID, NotesPane } from "./notes-pane.js";
import { ShortcutList } from "./shortcut-list.js";

/**
 * The call: video and controls above (or beside, on a wide screen) the shared editor; the
 * interviewer's notes and the student's resume in a column of their own.
 */
export default function InCall({
  bookingId,
  room,
  media,
  onLeave,
}: {
  bookingId: string;
  room: Room;
  media: MediaStream | null;
  onLeave: () => void;
}) {
  // One document for the call, so what is typed while the connection is down is sent when it is back.
  const [doc] = useState(() => new Y.Doc());
  const { snapshot } = useRoomSession(bookingId, room, media, doc);
  const toggles = useMediaToggles(media);
  const editor = useRef<CodePadHandle>(null);
  const interviewer = room.role === "interviewer";
  const shortcuts = useMemo(
    () => ({
      mute: toggles.toggleMute,
      camera: toggles.toggleCamera,
      editor: () => editor.current?.focus(),
      notes: interviewer ? () => document.getElementById(NOTE_FIELD_ID)?.focus() : undefined,
    }),
    [toggles.toggleMute, toggles.toggleCamera, interviewer],
  );
  useShortcuts(shortcuts);

  return (
    <main
      id="main"
      data-connection={snapshot.connection}
      className={`mx-auto grid w-full max-w-7xl flex-1 gap-4 p-4 ${interviewer ? "lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)_minmax(0,3fr)]" : "lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"}`}
    >
      <h1 className="sr-only">Interview room with {room.peer.name}</h1>
      <section aria-label="Video call" className="space-y-3">
        {snapshot.ended && (
          <Alert tone="error">
            {snapshot.ended}{" "}
            <Link to={interviewer ? "/interviewer" : "/dashboard"} className="font-medium underline">
              {interviewer ? "Back to your workspace" : "Back to your dashboard"}
            </Link>
          </Alert>
        )}
        <CallStage snapshot={snapshot} local={media} peerName={room.peer.name} cameraOff={toggles.cameraOff} />
        <CallControls
          hasAudio={Boolean(media?.getAudioTracks().length)}
          hasVideo={Boolean(media?.getVideoTracks().length)}
          muted={toggles.muted}
          cameraOff={toggles.cameraOff}
          onToggleMute={toggles.toggleMute}
          onToggleCamera={toggles.toggleCamera}
          onLeave={onLeave}
        />
        {snapshot.notice && <Alert tone="error">{snapshot.notice}</Alert>}
        <RecordingPanel bookingId={bookingId} role={room.role} peerName={room.peer.name} media={media} />
        <ShortcutList interviewer={interviewer} />
      </section>
      <section aria-label="Shared code editor">
        <CodePad ref={editor} doc={doc} />
      </section>
      {interviewer && (
        <aside aria-label="Interviewer's notes">
          <NotesPane bookingId={bookingId} resumeUrl={room.resumeUrl} />
        </aside>
      )}
    </main>
  );
}

/** Mute and camera off: the tracks stay in the call, disabled, so turning them back on needs no renegotiation. */
function useMediaToggles(media: MediaStream | null) {
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  return useMemo(() => {
    const set = (kind: "audio" | "video", enabled: boolean) => {
      for (const track of media?.getTracks() ?? []) if (track.kind === kind) track.enabled = enabled;
    };
    return {
      muted,
      cameraOff,
      toggleMute: () =>
        setMuted((was) => {
          set("audio", was);
          return !was;
        }),
      toggleCamera: () =>
        setCameraOff((was) => {
          set("video", was);
          return !was;
        }),
    };
  }, [media, muted, cameraOff]);
}
