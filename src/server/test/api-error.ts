import type { ApiErrorBody } from "../../shared/errors.js";

/** An error answer as a test reads it: our one error shape (src/shared/errors.ts), with `details` by field. */
export type ApiError = { error: Omit<ApiErrorBody["error"], "details"> & { details?: Record<string, string> } };
