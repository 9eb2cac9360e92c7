import { z } from "zod";

/** Rows per page when a list is asked for without a limit, and the most one page may ask for. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * `?cursor=&limit=`: the first page without a cursor, each next one with the `nextCursor` the
 * previous page answered (opaque to the client; it names where the page ended, not an offset).
 */
export const pageQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `nextCursor` is null on the last page. */
export const nextCursorSchema = z.string().nullable();
