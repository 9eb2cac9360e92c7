/**
 * A write refused by a unique index or constraint: PostgreSQL's unique_violation (23505), SQLite's
 * "UNIQUE constraint failed". A concurrent request won the row; the caller answers as the winner
 * would have been answered, never with a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === "23505" || (typeof code === "string" && /unique/i.test(code))) return true;
  return typeof message === "string" && message.includes("UNIQUE constraint failed");
}
