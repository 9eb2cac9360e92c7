import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";
import { Button } from "../../../ui/button.js";
import { SHORTCUTS } from "../lib/shortcuts.js";

/**
 * The call's controls. Each is a button with its state (aria-pressed) and its shortcut; a control
 * that acts on the call (recording, with both people's consent, is the next) joins this row.
 */
export function CallControls({
  hasAudio,
  hasVideo,
  muted,
  cameraOff,
  onToggleMute,
  onToggleCamera,
  onLeave,
}: {
  hasAudio: boolean;
  hasVideo: boolean;
  muted: boolean;
  cameraOff: boolean;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onLeave: () => void;
}) {
  return (
    <div role="toolbar" aria-label="Call controls" className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        aria-pressed={muted}
        aria-keyshortcuts={SHORTCUTS.mute.aria}
        disabled={!hasAudio}
        onClick={onToggleMute}
      >
        {muted ? ROOM_MESSAGES.unmute : ROOM_MESSAGES.mute}
      </Button>
      <Button
        variant="secondary"
        aria-pressed={cameraOff}
        aria-keyshortcuts={SHORTCUTS.camera.aria}
        disabled={!hasVideo}
        onClick={onToggleCamera}
      >
        {cameraOff ? ROOM_MESSAGES.cameraOn : ROOM_MESSAGES.cameraOff}
      </Button>
      <Button variant="danger" onClick={onLeave}>
        {ROOM_MESSAGES.leave}
      </Button>
    </div>
  );
}
