import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { DeliveryChannelAdapter } from '../../lib/delivery-channel.js';
import { createRequestRate } from '../../lib/request-rate.js';
import { regionLook } from '../regions/regions.service.js';
import { insertDevMail } from './delivery.repository.js';
import { deliveryRoutes, type NewsletterLinks } from './delivery.routes.js';
import { outboxDepth, outboxFailedCount, publicBaseUrl } from './delivery.service.js';
import { createEmailChannel } from './email-channel.js';
import type { MailTokens } from './mail-tokens.js';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.js';

interface NotificationOutbox extends OutboxWorker {
  /** Pending rows, all channels (for metrics). */
  depth(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationOutbox: NotificationOutbox;
  }
}

/**
 * E-mail (SMTP, or the development mailbox without SMTP_URL outside production), the outbox
 * worker over every channel adapter, and the routes of preferences, unsubscribe links and the
 * calendar feed. Channels without an adapter are skipped, not failed.
 */
export async function setupDelivery(
  app: FastifyInstance,
  deps: AppDeps,
  options: { tokens: MailTokens; channelAdapters: readonly DeliveryChannelAdapter[]; newsletter: NewsletterLinks },
): Promise<void> {
  const { config } = deps;
  const baseUrl = publicBaseUrl(config);
  const devMailbox = !config.smtpUrl && config.nodeEnv !== 'production';
  if (!config.smtpUrl && config.nodeEnv === 'production') app.log.warn('SMTP_URL is not set: no e-mail is sent');
  const email =
    config.smtpUrl || devMailbox
      ? createEmailChannel({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          baseUrl,
          tokens: options.tokens,
          keep: (mail) => insertDevMail(deps.db, mail),
          // A mail about a ride is of the ride's region (the outbox reads it with the ride): its labels name the route.
          brandOf: (region) => ({ ...regionLook(deps.regions, region), places: deps.regions.placesOf(region) }),
        })
      : null;
  // Requests arriving at this process, counted where Node receives them (every route, any plugin).
  const requests = createRequestRate();
  app.server.on('request', () => requests.hit());
  const busyAt = config.outbox.busyRequestsPerSecond;
  const worker = startOutboxWorker({
    db: deps.db,
    regions: deps.regions,
    clock: deps.clock,
    log: app.log,
    adapters: [...(email ? [email] : []), ...options.channelAdapters],
    email,
    tokens: options.tokens,
    baseUrl,
    poll: config.outbox.worker,
    pollMs: config.outbox.pollMs,
    startDelayMs: config.outbox.startDelayMs,
    maxAttempts: config.outbox.maxAttempts,
    retryBaseMs: config.outbox.retryBaseMs,
    isBusy: busyAt > 0 ? () => requests.perSecond() >= busyAt : undefined,
  });
  // A notification committed in this process goes out at once instead of at the next poll.
  const unsubscribe = deps.events.subscribe('user-event', (event) => {
    if (event.event === SOCKET_EVENTS.notification) worker.nudge();
  });
  app.decorate('notificationOutbox', { ...worker, depth: () => outboxDepth(deps.db) });
  app.metrics.registerGauge({
    name: 'carpool_notification_outbox_rows',
    help: 'Notification outbox rows waiting to be sent (pending) and given up on (failed), all channels',
    labelNames: ['status'],
    collect: async () => {
      const [pending, failed] = await Promise.all([outboxDepth(deps.db), outboxFailedCount(deps.db)]);
      return [
        { labels: { status: 'pending' }, value: pending },
        { labels: { status: 'failed' }, value: failed },
      ];
    },
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await worker.stop();
    await email?.close();
  });
  await app.register(deliveryRoutes, { tokens: options.tokens, devMailbox, newsletter: options.newsletter });
}
