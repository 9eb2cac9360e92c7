import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../errors.js";

/** The one error shape every route answers with (src/shared/errors.ts), as the API document shows it. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      field: z.string().optional(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "ApiError" });

/**
 * The error statuses a route can answer, for its `response` map beside the success schemas:
 * `response: { 200: bookingSchema, ...errorResponses(401, 404, 409) }`.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
