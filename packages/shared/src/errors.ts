/** Every error code the API answers with, and the HTTP status it maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_REGION: 400,
  BAD_REQUEST: 400,
  /** A campus sign-in's return path that is not a path of this app (an absolute or foreign URL). */
  INVALID_RETURN_PATH: 400,
  /** The provider's answer belongs to no sign-in started in this browser (unknown, expired or replayed state). */
  OIDC_STATE_INVALID: 400,
  /** The ride's price per seat is above the cap the operator set (PRICE_CAP_RATIO times the suggestion). */
  PRICE_ABOVE_CAP: 400,
  /** A region's colours fail WCAG AA (white on the light primary, or the dark primary on the dark background). */
  CONTRAST_TOO_LOW: 400,
  /** A file of places with bad rows: `details.problems` names each; nothing was imported. */
  PLACES_INVALID: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  /** A sign-in code that does not match the one sent to this address (or no code waits for it). */
  EMAIL_CODE_WRONG: 401,
  /** The sign-in code's ten minutes are over. */
  EMAIL_CODE_EXPIRED: 401,
  /** The sign-in code already signed someone in, or a newer code replaced it. */
  EMAIL_CODE_USED: 401,
  /** Five wrong tries: the code no longer works, not even the right one. */
  EMAIL_CODE_ATTEMPTS_EXCEEDED: 401,
  /** The campus provider's ID token failed a check: issuer, audience, signature, expiry or nonce. */
  OIDC_TOKEN_INVALID: 401,
  /** The person cancelled at the campus provider, or the provider refused the sign-in. */
  OIDC_DENIED: 401,
  /** The one-time code of a campus sign-in is unknown, already used or expired. */
  OIDC_HANDOFF_INVALID: 401,
  FORBIDDEN: 403,
  INVALID_EMAIL_DOMAIN: 403,
  /** The region does not offer this way of signing in. */
  SIGN_IN_METHOD_UNAVAILABLE: 403,
  /** The campus provider did not vouch for the e-mail address (no verified e-mail claim). */
  OIDC_EMAIL_UNVERIFIED: 403,
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
  /** A region's new places would drop a place its rides or requests may use: places of a published region are only added or edited. */
  PLACE_IN_USE: 409,
  /** The region is archived: it takes no new rides or ride requests (what is there stays readable). */
  REGION_ARCHIVED: 409,
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
  /** The campus provider does not answer (discovery, keys or token endpoint). */
  OIDC_PROVIDER_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  details?: unknown;
}
