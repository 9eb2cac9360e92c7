import { ROOM_LINK_MESSAGES } from "../../../../shared/messages.js";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";

/** What the session is, when, with whom, and the admin's meeting link as the way out when the room fails. */
export function RoomHeader({ room }: { room: Room }) {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
        <div>
          <p className="text-lg font-bold text-brand-900">{room.title}</p>
          <p className="text-sm text-slate-700">
            With {room.peer.name} · {formatInstant(room.startsAt, zone, config.data?.timeZoneLabel)}
          </p>
        </div>
        {room.backupLink && (
          <a
            href={room.backupLink}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-brand-800 underline"
          >
            {ROOM_LINK_MESSAGES.backupLink}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </header>
  );
}
