import type { z } from "zod";
import { AppError } from "../../shared/errors.js";
import { PAGINATION_MESSAGES } from "../../shared/messages.js";

/** Where a page ended (the sort key of its last row), as the opaque `nextCursor` of the API. */
export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position a cursor names, or a 400 naming the `cursor` field when it was not one of ours. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("VALIDATION", PAGINATION_MESSAGES.badCursor, { field: "cursor" });
  return parsed.data;
}
