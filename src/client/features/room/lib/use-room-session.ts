import { useEffect, useState, useSyncExternalStore } from "react";
import type * as Y from "yjs";
import type { Room } from "../../../../shared/schemas/rooms.js";
import { RoomSession, type RoomSnapshot } from "./room-session.js";

const BEFORE_START: RoomSnapshot = {
  connection: "connecting",
  peerPresent: false,
  remoteStream: null,
  ended: null,
  notice: null,
};
const noSubscription = () => () => undefined;

/** The room's live session while the component is shown; left when it goes. */
export function useRoomSession(bookingId: string, room: Room, media: MediaStream | null, doc: Y.Doc) {
  const [session, setSession] = useState<RoomSession | null>(null);
  useEffect(() => {
    const next = new RoomSession({
      bookingId,
      role: room.role,
      rtc: { iceServers: room.iceServers, iceTransportPolicy: room.iceTransportPolicy },
      media,
      doc,
    });
    setSession(next);
    return () => next.leave();
  }, [bookingId, room, media, doc]);
  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? (() => BEFORE_START),
  );
  return { session, snapshot };
}
