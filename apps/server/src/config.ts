import { isIP } from 'node:net';
import { z } from 'zod';

const DEFAULT_ALLOWED_EMAIL_DOMAINS = [
  'cornell.edu',
  'ithaca.edu',
  'syr.edu',
  'binghamton.edu',
  'rutgers.edu',
  'princeton.edu',
  'njit.edu',
  'stevens.edu',
  'tcnj.edu',
  'montclair.edu',
  'rowan.edu',
  'kean.edu',
  'shu.edu',
];

/** Proxies on the same host or a private network; a client on the internet is never one of them. */
const DEFAULT_TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/** OpenStreetMap's standard tiles, so the ride map shows streets without any setting. */
const OPENSTREETMAP_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function isProxyAddress(item: string): boolean {
  if (item === 'none' || DEFAULT_TRUSTED_PROXIES.includes(item)) return true;
  const [address, bits, extra] = item.split('/');
  return extra === undefined && isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
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

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    PUBLIC_URL: z.url().optional(),
    AUTH_MODE: z.enum(['google', 'dev']).optional(),
    ALLOW_DEV_AUTH: flag.default(false),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    ALLOWED_EMAIL_DOMAINS: commaList.optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(720),
    ADMIN_EMAILS: commaList.default([]),
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
    MAP_TILE_URL: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    JOBS_ENABLED: flag.default(true),
    TEST_CLOCK: flag.default(false),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    TRUST_PROXY: commaList
      .refine((items) => items.every(isProxyAddress), 'must list addresses, CIDR ranges, loopback, linklocal, uniquelocal, or be none')
      .default(DEFAULT_TRUSTED_PROXIES),
  })
  .transform((env, ctx) => {
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
    if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'the test clock is refused when NODE_ENV=production' });
    }
    return {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL ?? null,
      redisUrl: env.REDIS_URL ?? null,
      publicUrl: env.PUBLIC_URL ?? null,
      authMode,
      googleClientId: env.GOOGLE_CLIENT_ID ?? null,
      allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS ?? DEFAULT_ALLOWED_EMAIL_DOMAINS,
      sessionTtlHours: env.SESSION_TTL_HOURS,
      adminEmails: env.ADMIN_EMAILS,
      googleMapsApiKey: env.GOOGLE_MAPS_API_KEY ?? null,
      // "off" draws markers only; tests never load tiles from the internet.
      mapTileUrl: env.MAP_TILE_URL === 'off' ? null : (env.MAP_TILE_URL ?? (env.NODE_ENV === 'test' ? null : OPENSTREETMAP_TILES)),
      logLevel: env.LOG_LEVEL,
      webDistDir: env.WEB_DIST_DIR ?? null,
      jobsEnabled: env.JOBS_ENABLED,
      /** Browser tests only: POST /api/test/clock and /api/test/run-jobs (see test-clock.routes.ts). */
      testClock: env.TEST_CLOCK,
      /** 0 turns the per-address request limit off (load tests from one address). */
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      /**
       * Peers whose X-Forwarded-For entry is believed: the client address is the last entry
       * written by a trusted proxy. Believing every entry would let anyone pick their address
       * and slip past the rate limits.
       */
      trustProxy: env.TRUST_PROXY.filter((item) => item !== 'none'),
      /** Where the development identity provider keeps its signing key; null keeps it in memory. */
      devIdpKeyDir: env.DATA_DIR as string | null,
    };
  });

export type Config = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError that names every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A configuration for tests: dev sign-in, no Redis, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
  return { ...base, devIdpKeyDir: null, ...overrides };
}
