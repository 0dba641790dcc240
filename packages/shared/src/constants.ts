/** Business constants of the product specification (section 9), named for what they are. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const PERIODIC_JOB_INTERVAL_MS = 300_000;
export const SESSION_EXPIRED_TOAST_MS = 5_000;
export const SUBSCRIPTION_BANNER_CLOSE_MS = 3_000;

export const MIN_SEATS = 1;
export const MAX_SEATS = 8;
export const DEFAULT_SEATS = 1;
export const MIN_SUITCASES = 1;
export const MAX_SUITCASES = 8;
export const DEFAULT_SUITCASES = 1;
export const MIN_PRICE = 1;
/**
 * The highest price per seat a ride may ask, in dollars. The longest trips of the campuses are
 * about 450 miles (Ithaca to Washington, DC); at the IRS business rate of 2026 ($0.70 a mile, the
 * whole cost of running a car) that is about $315 for the car, so $200 for one seat is above any
 * fair share and still far below the old limit of $10,000, which only let typing mistakes through.
 */
export const MAX_PRICE = 200;

export const CAROUSEL_DAYS = 5;
/** GET /api/rides/day-counts counts at most this many days in one call. */
export const DAY_COUNTS_MAX_DAYS = 31;

/** A weekly ride repeats until at most this many weeks after its first departure. */
export const SERIES_MAX_WEEKS = 26;
/**
 * Occurrences of a weekly ride exist at most this many weeks ahead of today (in the series' zone);
 * the periodic job creates the next ones as the days go by, so a long series does not flood lists.
 */
export const SERIES_HORIZON_WEEKS = 8;

/**
 * How many times one person may book the same ride, cancelled and rejected bookings included:
 * enough to change one's mind, not enough to flood a driver with requests.
 */
export const MAX_BOOKINGS_PER_USER_PER_RIDE = 5;

export const MIN_STARS = 1;
export const MAX_STARS = 5;
export const PROFILE_REVIEW_PREVIEW_COUNT = 2;
export const RIDE_MESSAGE_PREVIEW_COUNT = 2;
/** How many of the latest chat messages a ride carries in `messages` (its `messageCount` has them all). */
export const RIDE_MESSAGES_IN_RIDE = 20;
export const RIDE_MESSAGE_PREVIEW_CHARS = 30;

export const FEEDBACK_MAX_CHARS = 1000;
export const REVIEW_COMMENT_MAX_CHARS = 1000;
export const MESSAGE_MAX_CHARS = 2000;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;

export const INITIALS_MAX_LETTERS = 2;
export const MAP_CLUSTER_RED_MIN = 10;
/** Address suggestions (docs/decisions/places-autocomplete.md): wait this long after the last key. */
export const GEOCODER_DEBOUNCE_MS = 350;
/** The OpenStreetMap geocoders' usage policies allow at most one request per second. */
export const GEOCODER_MIN_INTERVAL_MS = 1_000;
/** Fewer characters than this say too little to look up. */
export const GEOCODER_MIN_QUERY_CHARS = 3;
export const GEOCODER_MAX_SUGGESTIONS = 5;

export const PAYMENT_PLACEHOLDER_INTENT = 'NO_STRIPE';
export const PAYMENTS_ENABLED = false;

/**
 * A profile's ride preferences, in the spec's order, each with the X of "Okay with X" / "NOT okay
 * with X". Here rather than beside their schema (schemas/users.ts), so that the web app draws them
 * without loading zod.
 */
export const PREFERENCE_LABELS = {
  okayWithChatting: 'Chatting',
  okayWithAnimals: 'Animals',
  okayWithMusic: 'Music',
  okayWithSmoking: 'Smoking',
} as const;
export type PreferenceKey = keyof typeof PREFERENCE_LABELS;

export const AVATAR_COLORS = ['avatar-color-1', 'avatar-color-2', 'avatar-color-3'] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];

/** Local storage keys, exactly as the specification names them. */
export const STORAGE_KEYS = {
  authToken: (region: string) => `auth_token_${region}`,
  user: (region: string) => `revy_user_${region}`,
  currentRegion: 'current_region',
  acceptedTerms: 'acceptedTerms',
  subscribed: (region: string) => `subscribed_${region}`,
  /** The home page's college filter as the user last chose it, per region (a JSON list; [] = all colleges). */
  collegeFilter: (region: string) => `college_filter_${region}`,
  theme: 'theme',
} as const;

/** Window events the web app uses between unrelated parts of the page. */
export const WINDOW_EVENTS = {
  openAuthModal: 'open-auth-modal',
  authExpired: 'auth-expired',
  /** Header "Post a Ride" for a signed-in user; the rides feature opens its form. */
  openPostRide: 'open-post-ride',
  /** Header "Request a Ride" for a signed-in user; the ride-requests feature opens its form. */
  openRequestRide: 'open-request-ride',
  /** The API answered 502/503/504: the layout tells the user the service is briefly unavailable. */
  serviceUnavailable: 'service-unavailable',
} as const;
