import type { EventBus } from "../events/bus.js";
import type { SessionCache } from "./session-cache.js";

/**
 * Sign-in sessions of a user have ended (sign-out, better-auth's revocations, erasure): `sessionId`, or every session
 * of the user when null. This process stops trusting them before the event goes out; every process, this one
 * included, then forgets them and ends their live streams when it hears it
 * (docs/decisions/0300-every-revocation-ends-streams.md).
 */
export async function announceSessionsEnded(
  sessions: SessionCache,
  bus: EventBus,
  ended: { userId: string; sessionId: string | null },
): Promise<void> {
  sessions.endSessions(ended.userId, ended.sessionId);
  await bus.publish({ topic: "session_revoked", ...ended });
}
