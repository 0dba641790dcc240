import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { startAuthChangeListener } from './modules/auth/auth-change-listener.js';
import { regionsAdminRoutes } from './modules/regions/regions-admin.routes.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { openRegionDirectory, regionEmailDomains, regionLook, startRegionChangeListener } from './modules/regions/regions.service.js';
import { SessionCache } from './modules/auth/session-cache.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { offsetClock, systemClock, type Clock } from './lib/clock.js';
import { createEventBus } from './lib/events.js';
import { OneLinePerRequest, loggerOptions } from './lib/logger.js';
import { createRedisConnections } from './lib/redis.js';
import { authPlugin } from './plugins/auth.js';
import { messageRateLimitPlugin } from './plugins/message-rate-limit.js';
import { windowLimitPlugin } from './plugins/window-limit.js';
import { metricsPlugin } from './plugins/metrics.js';
import { realtimePlugin } from './plugins/realtime.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { multipartPlugin } from './plugins/multipart.js';
import { openapiPlugin } from './plugins/openapi.js';
import { nulCharactersPlugin } from './plugins/nul-characters.js';
import { regionPlugin } from './plugins/region.js';
import { securityHeaderOptions, securityHeadersPlugin } from './plugins/security-headers.js';
import { isWebAppFileRoute, webAppPlugin } from './plugins/web-app.js';
import { rateLimitKey } from './plugins/rate-limit-key.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authenticateToken } from './modules/auth/auth.service.js';
import { createDevIdentityProvider, type DevIdentityProvider } from './modules/auth/dev-idp.js';
import { googleVerifier } from './modules/auth/id-token.js';
import { createOidcClients } from './modules/auth/oidc-clients.js';
import { signInMethodsRoutes } from './modules/auth/sign-in-methods.routes.js';
import { loadOrCreateKeyFile } from './lib/key-file.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { rideRequestsRoutes } from './modules/ride-requests/ride-requests.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { ridesRoutes } from './modules/rides/rides.routes.js';
import { tripsRoutes } from './modules/trips/trips.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { startPeriodicJob } from './modules/jobs/periodic-job.js';
import { rideMessagesRoutes } from './modules/ride-messages/ride-messages.routes.js';
import { canAccessRideChat, findRideRoomLeaversAfter } from './modules/ride-messages/ride-messages.service.js';
import { directMessagesRoutes } from './modules/direct-messages/direct-messages.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { confirmNewsletter, unsubscribeNewsletter } from './modules/subscriptions/subscriptions.service.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { testClockRoutes } from './modules/test-clock/test-clock.routes.js';
import { setupDelivery } from './modules/delivery/delivery.setup.js';
import { loadMailTokens } from './modules/delivery/mail-tokens.js';
import { queueSignInCodeMail } from './modules/delivery/delivery.service.js';
import type { DeliveryChannelAdapter } from './lib/delivery-channel.js';
import { createPushChannel } from './modules/push/push-channel.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { loadVapidKeys } from './modules/push/vapid-keys.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { blocksRoutes } from './modules/blocks/blocks.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass the development identity provider so they can mint tokens with any claims. */
  devIdp?: DevIdentityProvider;
  /**
   * The machine credential (see lib/admin-credential.ts): accepted as an administrator on /api/admin/*,
   * and, with the embedded database, by GET /api/ops/backup from this machine.
   */
  machineCredential?: string | null;
  /** Notification channels besides e-mail (default: web push); the outbox skips a channel without one. */
  channelAdapters?: DeliveryChannelAdapter[];
}

/** Sessions kept in memory at most (about 2 kB each), and how long one is kept before it is read again. */
const SESSION_CACHE_ENTRIES = 20_000;
const SESSION_CACHE_MAX_AGE_MS = 5 * 60_000;

/** Builds the whole server (API, docs, web app) without listening; tests use it with app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const testClock = config.testClock ? offsetClock(options.clock ?? systemClock) : null;
  const clock = testClock ?? options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new OneLinePerRequest(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy.join(',') : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkAgainstZod: config.nodeEnv !== 'production' }));

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    events: createEventBus(),
    sessionCache: new SessionCache({ maxEntries: SESSION_CACHE_ENTRIES, maxAgeMs: SESSION_CACHE_MAX_AGE_MS }),
    regions: await openRegionDirectory(database.db),
  };
  app.decorate('deps', deps);
  // The cache is on only while this process hears every change to sessions and users.
  app.addHook('onClose', startAuthChangeListener({ database, cache: deps.sessionCache, log: app.log }));
  app.addHook('onClose', startRegionChangeListener({ database, directory: deps.regions, log: app.log }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // First, so that its hook sees every request, the rate-limited ones included.
  await app.register(metricsPlugin);

  // External plugins.
  await app.register(securityHeadersPlugin, { helmet: securityHeaderOptions(config) });
  const redisConnections = await createRedisConnections(config.redisUrl, app.log, { commandTimeoutMs: config.redisCommandTimeoutMs });
  app.decorate('redisConnections', redisConnections);
  // Registered first, so it runs after every other onClose hook that may still use a client.
  app.addHook('onClose', async () => redisConnections.closeAll());
  // With several processes the limits are shared through Redis. Without Redis they fail open
  // (skipOnError): a request is never refused or delayed because the counter is unreachable,
  // and the client logs the outage once.
  const rateLimitRedis = redisConnections.configured ? redisConnections.create('rate-limit', 'request-path') : null;
  // The web app's files never reach the limiter (registered first, so the limiter's own route
  // hook sees the setting): a first visit is over a hundred of them, and a campus network puts
  // hundreds of people behind one address (docs/decisions/rate-limits.md).
  app.addHook('onRoute', (route) => {
    if (isWebAppFileRoute(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${config.redisKeyPrefix}carpool-rate-limit-`, skipOnError: true } : {}),
    global: config.rateLimitPerMinute > 0,
    max: config.rateLimitPerMinute || 1,
    timeWindow: '1 minute',
    // The limiter runs after a route's own onRequest hooks, authentication included: a signed-in
    // caller is counted as themself wherever they connect from, an address only for signed-out calls.
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests, please retry in ${Math.ceil(context.ttl / 1000)} s`,
      message: `Too many requests, please retry in ${Math.ceil(context.ttl / 1000)} s`,
      code: 'RATE_LIMITED',
    }),
  });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(multipartPlugin);

  // App plugins. The plumbing imports no module: it is handed each rule by the module that owns it
  // (docs/decisions/module-boundaries.md).
  // A session's roles are read from memory: whether its address moderates a region costs no query.
  const moderatedRegionsOf = (email: string) => deps.regions.moderatedRegionsOf(email);
  const sessionDeps = { db: deps.db, clock: deps.clock, config: deps.config, sessionCache: deps.sessionCache, moderatedRegionsOf };
  const authenticate = (token: string) => authenticateToken(sessionDeps, token);
  await app.register(errorHandlerPlugin);
  await app.register(regionPlugin, {
    servedRegions: () => deps.regions.servedSlugs(),
    defaultRegion: () => deps.regions.defaultRegion(),
  });
  await app.register(nulCharactersPlugin);
  await app.register(authPlugin, { authenticate, machineCredential: options.machineCredential ?? null });
  await app.register(messageRateLimitPlugin);
  await app.register(windowLimitPlugin);
  await app.register(realtimePlugin, {
    authenticate,
    mayJoinRideRoom: (rideId, userId) => canAccessRideChat(deps.db, rideId, userId),
    findRideRoomLeaversAfter: (recipientId, notification) => findRideRoomLeaversAfter(deps.db, recipientId, notification),
    defaultRegion: () => deps.regions.defaultRegion(),
  });

  // Routes.
  const devIdp =
    config.authMode !== 'dev'
      ? null
      : (options.devIdp ?? (await createDevIdentityProvider({ dataDir: config.devIdpKeyDir, clock })));
  const verifier = devIdp ? devIdp.verifier : googleVerifier(config.googleClientId!, clock);
  await app.register(healthRoutes);
  const regionDomains = (region: string) => regionEmailDomains(deps.regions, config.allowedEmailDomains, region);
  const collegeOfEmail = (email: string) => deps.regions.collegeOfEmail(email);
  await app.register(authRoutes, { authDeps: { db: deps.db, config, clock, verifier, regionDomains, collegeOfEmail, moderatedRegionsOf }, devIdp });
  // Signed links in e-mails (unsubscribe, newsletter confirmation) and the sealed sign-in codes of
  // the outbox; the key sits beside the dev sign-in key.
  const mailTokens = loadMailTokens(config.devIdpKeyDir);
  // A sign-in code leaves through the delivery module's outbox, ahead of other mail; the auth
  // module is handed the two functions it needs and does not import delivery.
  await app.register(signInMethodsRoutes, {
    emailCodes: {
      db: deps.db,
      config,
      clock,
      codeKey: loadOrCreateKeyFile(config.devIdpKeyDir, 'sign-in-code.key'),
      mailer: {
        queue: (db, mail) => queueSignInCodeMail(db, mailTokens, mail),
        flush: () => app.notificationOutbox.nudge(),
      },
      regionDomains,
      collegeOfEmail,
      moderatedRegionsOf,
    },
    oidc: { db: deps.db, config, clock, clients: createOidcClients({ log: app.log }), log: app.log, regionDomains, collegeOfEmail, moderatedRegionsOf, defaultRegion: () => deps.regions.defaultRegion() },
  });
  await app.register(usersRoutes);
  await app.register(ridesRoutes);
  await app.register(bookingsRoutes);
  // The use-cases over rides, bookings, the waiting list and blocks (edits, cancellations, waiting, blocking).
  await app.register(tripsRoutes);
  await app.register(rideMessagesRoutes);
  await app.register(directMessagesRoutes);
  await app.register(notificationsRoutes);
  await app.register(filesRoutes);
  await app.register(reviewsRoutes);
  await app.register(verificationRoutes);
  const vapidKeys = loadVapidKeys({
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
    dataDir: config.vapidKeyDir,
  });
  // E-mail is the outbox's own channel; web push is the push module's adapter, with the same keys as its routes.
  const pushChannel = createPushChannel({ db: deps.db, vapidKeys, rules: { allowLoopback: config.pushAllowLoopback }, log: app.log });
  // The newsletter's links act on its subscriptions: handed to the delivery module, which sits below them.
  await setupDelivery(app, deps, {
    tokens: mailTokens,
    channelAdapters: options.channelAdapters ?? [pushChannel],
    newsletter: { confirm: confirmNewsletter, unsubscribe: unsubscribeNewsletter },
  });
  await app.register(subscriptionsRoutes, { tokens: mailTokens });
  await app.register(feedbackRoutes);
  await app.register(payoutsRoutes);
  await app.register(rideRequestsRoutes);
  await app.register(pushRoutes, { vapidKeys });
  await app.register(blocksRoutes);
  await app.register(reportsRoutes);
  await app.register(placesRoutes);
  await app.register(regionsRoutes, { directory: deps.regions });
  await app.register(regionsAdminRoutes);
  await app.register(adminRoutes);
  await app.register(accountRoutes);
  if (testClock) await app.register(testClockRoutes, { clock: testClock });
  if (options.machineCredential && database.kind === 'pglite') await app.register(backupRoutes, { token: options.machineCredential });

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    regionOf: (slug) => {
      if (!app.isServedRegion(slug)) return undefined;
      const look = regionLook(deps.regions, slug);
      return { where: look.where, colour: look.colour, isDefault: slug === deps.regions.defaultRegion() };
    },
  });
  if (config.jobsEnabled) {
    app.addHook('onClose', startPeriodicJob(deps, app.log, { firstRunDelayMs: config.jobsStartDelayMs, onRun: (outcome) => app.metrics.periodicJobRuns.inc({ outcome }) }));
  }
  return app;
}
