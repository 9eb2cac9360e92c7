import { createHmac } from "node:crypto";
import { TURN_CREDENTIAL_SECONDS } from "../../../shared/constants.js";
import type { IceServer } from "../../../shared/schemas/rooms.js";
import type { Config } from "../../config.js";

/**
 * A TURN credential in coturn's REST-API scheme (coturn's `use-auth-secret`): the username is
 * `expiry:userId` (expiry in Unix seconds), the password the base64 HMAC-SHA1 of the username
 * keyed with the shared secret. coturn recomputes it and refuses it after the expiry.
 */
export function turnCredential(secret: string, userId: string, nowMs: number) {
  const expiry = Math.floor(nowMs / 1000) + TURN_CREDENTIAL_SECONDS;
  const username = `${expiry}:${userId}`;
  const credential = createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential };
}

/** The STUN and TURN servers a room's browser is given, TURN with a credential of its own. */
export function iceServersFor(ice: Config["ice"], userId: string, nowMs: number): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    servers.push({ urls: ice.turnUrls, ...turnCredential(ice.turnSecret, userId, nowMs) });
  }
  return servers;
}
