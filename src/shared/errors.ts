/** Stable API error codes and the HTTP status each maps to. The client shows `message`; tests assert `code`. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHENTICATED: 401,
  ADMIN_SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  RECENT_SIGN_IN_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_HELD: 409,
  HOLD_EXPIRED: 409,
  BOOKING_CLOSED: 409,
  NOT_AVAILABLE: 409,
  HAS_BOOKINGS: 409,
  DUPLICATE_PHONE: 409,
  LAST_ADMIN: 409,
  RESCHEDULE_WINDOW: 409,
  PAYMENT_REQUIRED: 409,
  CHECKOUT_REPLACED: 409,
  PHONE_NOT_VERIFIED: 409,
  ROOM_NOT_OPEN: 409,
  ROOM_CLOSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ApiErrorBody = { error: { code: ErrorCode; message: string; field?: string; details?: unknown } };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: { field?: string; details?: unknown } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.details = options.details;
  }
}
