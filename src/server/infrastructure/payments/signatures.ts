import { createHmac, timingSafeEqual } from "node:crypto";

export const hmacHex = (secret: string, message: string): string =>
  createHmac("sha256", secret).update(message).digest("hex");

/** Constant-time comparison of a hex signature with the one we compute. */
export function signatureMatches(secret: string, message: string, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, message), "utf8");
  const given = Buffer.from(signature, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
