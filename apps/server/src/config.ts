import { isIP } from 'node:net';
import { PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT } from '@carpool/shared/distance';
import type { Region } from '@carpool/shared/regions';
import { z } from 'zod';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redis.js';

/** Proxies on the same host or a private network; a client on the internet is never one of them. */
const DEFAULT_TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/** OpenStreetMap's standard tiles, so the ride map shows streets without any setting. */
const OPENSTREETMAP_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function isProxyAddress(item: string): boolean {
  if (item === 'none' || DEFAULT_TRUSTED_PROXIES.includes(item)) return true;
  const [address, bits, extra] = item.split('/');
  return extra === undefined && isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
}

const DEFAULT_SIGN_IN_RATE_LIMIT = 30;
/** Sign-in codes per hour to one e-mail address (an inbox is not flooded) and from one client address. */
const DEFAULT_EMAIL_CODES_PER_EMAIL_PER_HOUR = 5;
const DEFAULT_EMAIL_CODES_PER_ADDRESS_PER_HOUR = 30;

/** localhost, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address): only this machine can connect. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const EnvVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^([1-9]\d{0,3})MB$/, 'must be a size in MB, like 16MB')
    .refine((value) => parseInt(value, 10) <= 1024, 'must be at most 1024MB (the embedded database has 2 GB in all)')
    .default('16MB'),
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{0,64}$/, 'letters, digits, ":", "_" and "-" only, at most 64').default(''),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(REDIS_COMMAND_TIMEOUT_MS),
  PUBLIC_URL: z.url().optional(),
  AUTH_MODE: z.enum(['google', 'dev']).optional(),
  ALLOW_DEV_AUTH: flag.default(false),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  ALLOWED_EMAIL_DOMAINS: commaList.optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(720),
  ADMIN_EMAILS: commaList.default([]),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  MAP_TILE_URL: z.string().min(1).optional(),
  GEOCODER_URL: z
    .union([z.literal('off'), z.url({ protocol: /^https?$/ })], { error: 'must be off or an http(s) URL of a Nominatim-compatible /search endpoint' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  JOBS_ENABLED: flag.default(true),
  JOBS_START_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  TEST_CLOCK: flag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  EMAIL_CODES_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(0).optional(),
  EMAIL_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).optional(),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:$/.test(new URL(value).protocol), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Carpool <no-reply@carpool.localhost>'),
  OUTBOX_WORKER: flag.default(true),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  OUTBOX_START_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  OUTBOX_BUSY_REQUESTS_PER_SECOND: z.coerce.number().int().min(0).default(50),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL').optional(),
  TRUST_PROXY: commaList
    .refine((items) => items.every(isProxyAddress), 'must list addresses, CIDR ranges, loopback, linklocal, uniquelocal, or be none')
    .default(DEFAULT_TRUSTED_PROXIES),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret)').optional(),
  PRICE_SUGGESTION_CENTS_PER_MILE: z.coerce.number().positive().max(1000).default(PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT),
  PRICE_CAP_RATIO: z.coerce.number().gt(1, 'must be more than 1 (a multiple of the suggested price)').optional(),
});

/** The ways into a region; `google` stands for the development provider in dev mode. */
const SIGN_IN_METHODS = ['google', 'email-code', 'oidc'] as const;

/**
 * A region's sign-in settings come from variables named after it until regions are rows (issue 33):
 * each of these becomes a column of the region then, and `signInSettingsOf` reads it from there.
 */
function regionSignInVariables(region: Region) {
  const name = region.toUpperCase().replace(/-/g, '_');
  return {
    methods: `SIGN_IN_METHODS_${name}`,
    issuer: `OIDC_${name}_ISSUER`,
    clientId: `OIDC_${name}_CLIENT_ID`,
    clientSecret: `OIDC_${name}_CLIENT_SECRET`,
    label: `OIDC_${name}_LABEL`,
    emailDomains: `OIDC_${name}_EMAIL_DOMAINS`,
  } as const;
}

const RegionSignInVariables = z.object({
  methods: commaList
    .refine((items) => items.length > 0 && items.every((item) => (SIGN_IN_METHODS as readonly string[]).includes(item)), `must list one or more of ${SIGN_IN_METHODS.join(', ')}`)
    .default(['google']),
  issuer: z.url({ protocol: /^https?$/, error: 'must be the https URL of the provider (its issuer identifier)' }).optional(),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  label: z.string().trim().min(1).max(60, 'must be at most 60 characters (the words of a button)').optional(),
  emailDomains: commaList.optional(),
});

/** The campus's OpenID Connect provider of a region. */
export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  /** Never in an answer, a log line or an export: the console only says whether one is set. */
  clientSecret: string | null;
  /** The button's words, such as "Sign in with NetID". */
  label: string;
  /** The addresses this provider may sign in: its own domains (OIDC_<REGION>_EMAIL_DOMAINS), else null: the region's. */
  emailDomains: string[] | null;
}

export interface RegionSignInSettings {
  google: boolean;
  emailCode: boolean;
  oidc: OidcProviderSettings | null;
}

/**
 * Every environment variable the server reads by name (.env.example lists them all; config.test.ts
 * checks it), beside the per-region sign-in variables, read for any region they name (isRegionSignInVariable).
 */
export const ENV_VARIABLE_NAMES = Object.keys(EnvVariables.shape);

const REGION_SIGN_IN_VARIABLE = /^(?:SIGN_IN_METHODS_([A-Z0-9_]+)|OIDC_([A-Z0-9_]+?)_(?:ISSUER|CLIENT_ID|CLIENT_SECRET|LABEL|EMAIL_DOMAINS))$/;

/** SIGN_IN_METHODS_<REGION> and OIDC_<REGION>_*: a region's slug in capitals, hyphens as underscores. */
export function isRegionSignInVariable(name: string): boolean {
  return REGION_SIGN_IN_VARIABLE.test(name);
}

/** The regions the environment gives sign-in settings for, by their slugs. */
function regionsNamedIn(env: Record<string, string | undefined>): string[] {
  const slugs = new Set<string>();
  for (const name of Object.keys(env)) {
    const match = REGION_SIGN_IN_VARIABLE.exec(name);
    const upper = match?.[1] ?? match?.[2];
    if (upper && env[name] !== undefined && env[name] !== '') slugs.add(upper.toLowerCase().replace(/_/g, '-'));
  }
  return [...slugs].sort();
}

const EnvSchema = EnvVariables.transform((env, ctx) => {
  const authMode = env.AUTH_MODE ?? (env.GOOGLE_CLIENT_ID ? 'google' : 'dev');
  if (authMode === 'google' && !env.GOOGLE_CLIENT_ID) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'is required when AUTH_MODE=google' });
  }
  if (authMode === 'dev' && env.NODE_ENV === 'production' && !env.ALLOW_DEV_AUTH) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_MODE'],
      message: 'dev sign-in is refused when NODE_ENV=production (set ALLOW_DEV_AUTH=1 to allow it)',
    });
  }
  // Development sign-in lets anyone sign in as anyone: it stays on this machine unless asked.
  const host = env.HOST ?? (authMode === 'dev' ? '127.0.0.1' : '0.0.0.0');
  const devSignInExposed = authMode === 'dev' && !isLoopbackHost(host);
  if (devSignInExposed && !env.ALLOW_DEV_AUTH) {
    ctx.addIssue({
      code: 'custom',
      path: ['HOST'],
      message:
        `${host} is reachable from other machines while development sign-in is on (anyone reaching it could sign in as anyone); ` +
        'listen on 127.0.0.1, configure Google sign-in, or set ALLOW_DEV_AUTH=1 to allow it',
    });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
  }
  if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'the test clock is refused when NODE_ENV=production' });
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host,
    /** Development sign-in on a non-loopback address (allowed by ALLOW_DEV_AUTH=1): warned about and shown in the web app. */
    devSignInExposed,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL ?? null,
    /** shared_buffers of the embedded database (see pgliteStartParams in db/client.ts). */
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    redisUrl: env.REDIS_URL ?? null,
    /** Put before every Redis key and stream, so that several deployments (or test runs) can share one Redis. */
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    /** How long a request waits for Redis (a rate limit, a session) before it goes on without it. */
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    publicUrl: env.PUBLIC_URL ?? null,
    authMode,
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    /**
     * Set, the domains that may sign in to every region; unset (null), each region's own domains
     * decide (its row of the regions tables: docs/decisions/regions-as-data.md).
     */
    allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS ?? null,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    adminEmails: env.ADMIN_EMAILS,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY ?? null,
    // "off" draws markers only; tests never load tiles from the internet.
    mapTileUrl: env.MAP_TILE_URL === 'off' ? null : (env.MAP_TILE_URL ?? (env.NODE_ENV === 'test' ? null : OPENSTREETMAP_TILES)),
    /**
     * Nominatim-compatible search endpoint for address suggestions. Off unless set: the public
     * Nominatim forbids autocomplete from browsers (docs/decisions/places-autocomplete.md).
     */
    geocoderUrl: env.GEOCODER_URL === 'off' ? null : (env.GEOCODER_URL ?? null),
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ?? null,
    jobsEnabled: env.JOBS_ENABLED,
    /** The periodic job's first look waits this long after start (docs/decisions/embedded-database-start.md). */
    jobsStartDelayMs: env.JOBS_START_DELAY_MS,
    /** Browser tests only: POST /api/test/clock and /api/test/run-jobs (see test-clock.routes.ts). */
    testClock: env.TEST_CLOCK,
    /** 0 turns the per-address request limit off (load tests from one address). */
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    /** Sign-ins per minute per address; 0 = off. Unset, it is 30, or off when RATE_LIMIT_PER_MINUTE=0. */
    signInRateLimitPerMinute: env.SIGN_IN_RATE_LIMIT_PER_MINUTE ?? (env.RATE_LIMIT_PER_MINUTE === 0 ? 0 : DEFAULT_SIGN_IN_RATE_LIMIT),
    /** Sign-in codes per hour to one e-mail address, and from one client address; 0 = off, as above when unset. */
    emailCodesPerEmailPerHour: env.EMAIL_CODES_PER_EMAIL_PER_HOUR ?? (env.RATE_LIMIT_PER_MINUTE === 0 ? 0 : DEFAULT_EMAIL_CODES_PER_EMAIL_PER_HOUR),
    emailCodesPerAddressPerHour: env.EMAIL_CODES_PER_ADDRESS_PER_HOUR ?? (env.RATE_LIMIT_PER_MINUTE === 0 ? 0 : DEFAULT_EMAIL_CODES_PER_ADDRESS_PER_HOUR),
    /**
     * Peers whose X-Forwarded-For entry is believed: the client address is the last entry
     * written by a trusted proxy. Believing every entry would let anyone pick their address
     * and slip past the rate limits.
     */
    trustProxy: env.TRUST_PROXY.filter((item) => item !== 'none'),
    /** Bearer token GET /metrics needs; null = only direct requests from this machine (see plugins/metrics.ts). */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** The suggested price per seat per road mile (packages/shared/src/distance.ts says where the default comes from). */
    priceSuggestionCentsPerMile: env.PRICE_SUGGESTION_CENTS_PER_MILE,
    /** A ride's price may be at most this many times the suggestion; null = no cap. */
    priceCapRatio: env.PRICE_CAP_RATIO ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    /** The notification outbox worker (docs/decisions/notification-outbox.md). */
    outbox: {
      worker: env.OUTBOX_WORKER,
      pollMs: env.OUTBOX_POLL_MS,
      /**
       * The first pass waits this long after start, so that a restart answers its first requests
       * before it reads the backlog; a test sets it high to kill the process between a commit and
       * the first send.
       */
      startDelayMs: env.OUTBOX_START_DELAY_MS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      /** At this many requests per second the worker sends in small, spaced batches (0: never). */
      busyRequestsPerSecond: env.OUTBOX_BUSY_REQUESTS_PER_SECOND,
    },
    vapidPublicKey: env.VAPID_PUBLIC_KEY ?? null,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY ?? null,
    /** The contact push services may write to about this server's messages (RFC 8292). */
    vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL, env.ADMIN_EMAILS),
    /** Where generated VAPID keys are kept when they are not configured; null keeps them in memory. */
    vapidKeyDir: env.DATA_DIR as string | null,
    /**
     * Push endpoints on loopback addresses (http allowed): outside production only, so that
     * tests and development can run a local push service. Never private or link-local ones.
     */
    pushAllowLoopback: env.NODE_ENV !== 'production',
    /** Where the development identity provider keeps its signing key; null keeps it in memory. */
    devIdpKeyDir: env.DATA_DIR as string | null,
  };
});

/** The site's https address, else an administrator's e-mail, else a placeholder push services accept. */
function defaultVapidSubject(publicUrl: string | undefined, adminEmails: string[]): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  return `mailto:${adminEmails[0] ?? 'admin@localhost'}`;
}

export type Config = z.output<typeof EnvSchema> & {
  /** The ways in of each region the environment names (docs/decisions/sign-in-methods.md). */
  signIn: Partial<Record<Region, RegionSignInSettings>>;
  /** The ways in of every other region: SIGN_IN_METHODS' default, Google. */
  defaultSignIn: RegionSignInSettings;
};

/** The regions' sign-in settings, or the problems that stop the process (`path: message`). */
function parseSignInSettings(
  env: Record<string, string | undefined>,
  base: z.output<typeof EnvSchema>,
): { settings: Partial<Record<Region, RegionSignInSettings>>; problems: string[] } {
  const problems: string[] = [];
  const settings: Partial<Record<Region, RegionSignInSettings>> = {};
  for (const region of regionsNamedIn(env)) {
    const names = regionSignInVariables(region);
    const parsed = RegionSignInVariables.safeParse(Object.fromEntries(Object.entries(names).map(([key, name]) => [key, env[name]])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${names[issue.path[0] as keyof typeof names] ?? region}: ${issue.message}`);
      continue;
    }
    const values = parsed.data;
    const methods = new Set(values.methods);
    let oidc: OidcProviderSettings | null = null;
    if (methods.has('oidc')) {
      for (const key of ['issuer', 'clientId', 'label'] as const) {
        if (!values[key]) problems.push(`${names[key]}: is required when ${names.methods} lists oidc`);
      }
      // Plain http only for a provider on a test or development machine: in production every
      // answer of the provider must come over TLS, which is what vouches for its ID tokens.
      if (values.issuer && base.nodeEnv === 'production' && !values.issuer.startsWith('https://')) {
        problems.push(`${names.issuer}: must be an https URL when NODE_ENV=production`);
      }
      if (values.issuer && values.clientId && values.label) {
        oidc = {
          issuer: values.issuer,
          clientId: values.clientId,
          clientSecret: values.clientSecret ?? null,
          label: values.label,
          emailDomains: values.emailDomains ?? null,
        };
      }
    }
    if (methods.has('email-code') && base.nodeEnv === 'production' && !base.smtpUrl) {
      problems.push(`${names.methods}: email-code needs SMTP_URL in production (the codes go out by e-mail)`);
    }
    settings[region] = { google: methods.has('google'), emailCode: methods.has('email-code'), oidc };
  }
  return { settings, problems };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError that names every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  const signIn = parsed.success ? parseSignInSettings(present, parsed.data) : null;
  problems.push(...(signIn?.problems ?? []));
  if (!parsed.success || !signIn || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  return { ...parsed.data, signIn: signIn.settings, defaultSignIn: { google: true, emailCode: false, oidc: null } };
}

/** A configuration for tests: dev sign-in, no Redis, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    OUTBOX_WORKER: 'false',
    JOBS_START_DELAY_MS: '0',
    OUTBOX_START_DELAY_MS: '0',
  });
  return { ...base, devIdpKeyDir: null, vapidKeyDir: null, ...overrides };
}
