/** Every error code the API answers with, and the HTTP status it maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_REGION: 400,
  BAD_REQUEST: 400,
  /** The ride's price per seat is above the cap the operator set (PRICE_CAP_RATIO times the suggestion). */
  PRICE_ABOVE_CAP: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  INVALID_EMAIL_DOMAIN: 403,
  /** One of the two people blocked the other. */
  USER_BLOCKED: 403,
  /** An administrator suspended the account: sign-in is refused. */
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RIDE_FULL: 409,
  ALREADY_BOOKED: 409,
  INVALID_TRANSITION: 409,
  RIDE_DEPARTED: 409,
  RIDE_CANCELLED: 409,
  SEATS_BELOW_BOOKED: 409,
  /** A ride edit would remove or reorder a stop where a passenger boards or leaves (or waits to). */
  STOP_IN_USE: 409,
  /** The caller is already on this ride's waiting list. */
  ALREADY_WAITING: 409,
  /** The ride has room for this request right now: reserve instead of waiting. */
  RIDE_HAS_ROOM: 409,
  ALREADY_REVIEWED: 409,
  /** The caller already has an open report on this target. */
  REPORT_ALREADY_OPEN: 409,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  details?: unknown;
}
