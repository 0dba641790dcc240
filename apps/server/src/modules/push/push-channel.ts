import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { NotificationCategory } from '@carpool/shared/schemas/notification-preferences';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestDetails } from 'web-push';
import type { Db } from '../../db/client.js';
import type { Delivery, DeliveryChannelAdapter, DeliveryResult } from '../../lib/delivery-channel.js';
import { guardedLookup, refusedAddress, type AddressRules } from './push-endpoint-guard.js';
import { deletePushSubscriptionById, findPushSubscriptionsOfUser, type PushSubscriptionRow } from './push.repository.js';
import type { VapidKeys } from './vapid-keys.js';

/** What the service worker receives (apps/web/src/sw.ts shows it). */
interface PushPayload {
  title: string;
  body: string;
  /** The page a click opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device instead of stacking a second. */
  tag: string;
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * How long a push service keeps a message for a device that is offline, and how eagerly it
 * wakes the device (RFC 8030 TTL and Urgency): a booking answer matters today and at once; a
 * review reminder can wait for the phone to be on a charger.
 */
const DELIVERY_OF_CATEGORY: Record<NotificationCategory, { ttlSeconds: number; urgency: Urgency }> = {
  bookings: { ttlSeconds: 24 * 3600, urgency: 'high' },
  messages: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  ride_alerts: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  reviews: { ttlSeconds: 7 * 24 * 3600, urgency: 'low' },
  account: { ttlSeconds: 7 * 24 * 3600, urgency: 'normal' },
  newsletter: { ttlSeconds: 7 * 24 * 3600, urgency: 'very-low' },
};

const SEND_TIMEOUT_MS = 10_000;
/** A push service answers with a short status text at most; more is not read. */
const MAX_ANSWER_BYTES = 4096;

type SendOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; error: string; permanent: boolean };

/**
 * The web push channel: encrypts the notification for every push subscription of the person
 * (aes128gcm, RFC 8291) and posts it to each endpoint with the VAPID headers (RFC 8292).
 * An endpoint answered 404 or 410 is gone: its subscription is deleted.
 */
export function createPushChannel(deps: { db: Db; vapidKeys: VapidKeys; rules: AddressRules; log: FastifyBaseLogger }): DeliveryChannelAdapter {
  const lookup = guardedLookup(deps.rules);

  async function sendTo(subscription: PushSubscriptionRow, delivery: Delivery): Promise<SendOutcome> {
    const payload: PushPayload = { title: delivery.title, body: delivery.body, url: delivery.url, tag: tagOf(delivery) };
    const { ttlSeconds, urgency } = DELIVERY_OF_CATEGORY[delivery.category];
    // web-push is loaded with the first notification, not at start (bench/README.md, "the embedded start").
    const { default: webpush } = await import('web-push');
    let details: RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: deps.vapidKeys,
          contentEncoding: 'aes128gcm',
          TTL: ttlSeconds,
          urgency,
          // A retry of the same delivery replaces the undelivered first try at the push service.
          topic: topicOf(delivery.idempotencyKey),
        },
      );
    } catch (error) {
      return { kind: 'failed', error: `cannot encrypt for this subscription: ${(error as Error).message}`, permanent: true };
    }
    return post(details, lookup, deps.rules);
  }

  return {
    channel: 'push',
    async deliver(delivery: Delivery): Promise<DeliveryResult> {
      const subscriptions = await findPushSubscriptionsOfUser(deps.db, delivery.userId);
      if (subscriptions.length === 0) return { status: 'skipped', reason: 'no push subscription' };
      let sent = 0;
      const failures: { error: string; permanent: boolean }[] = [];
      for (const subscription of subscriptions) {
        const outcome = await sendTo(subscription, delivery);
        if (outcome.kind === 'sent') sent += 1;
        else if (outcome.kind === 'gone') {
          await deletePushSubscriptionById(deps.db, subscription.id);
          deps.log.info({ subscriptionId: subscription.id, status: outcome.status }, 'push subscription gone, deleted');
        } else {
          failures.push(outcome);
          deps.log.warn({ subscriptionId: subscription.id, error: outcome.error }, 'push send failed');
        }
      }
      // One device that got it is a delivery: retrying would show it again on that device.
      if (sent > 0) return { status: 'sent' };
      if (failures.length === 0) return { status: 'skipped', reason: 'every push subscription was gone' };
      return {
        status: 'failed',
        error: failures.map((failure) => failure.error).join('; '),
        permanent: failures.every((failure) => failure.permanent),
      };
    },
  };
}

/** The Topic header allows 32 base64url characters; a hash of the key fits and stays the same on retries. */
function topicOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);
}

function tagOf(delivery: Delivery): string {
  return delivery.notificationId ? `notification-${delivery.notificationId}` : `${delivery.kind}-${topicOf(delivery.idempotencyKey)}`;
}

/**
 * Posts the encrypted message with node's own client rather than web-push's, which speaks only
 * https and resolves names without our address checks: here every address the endpoint's name
 * resolves to is checked when the connection is made (guardedLookup), and a literal address
 * before it.
 */
function post(details: RequestDetails, lookup: ReturnType<typeof guardedLookup>, rules: AddressRules): Promise<SendOutcome> {
  const url = new URL(details.endpoint);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    const refused = refusedAddress(host, rules);
    if (refused) return Promise.resolve({ kind: 'failed', error: refused, permanent: true });
  }
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' && rules.allowLoopback ? http : null;
  if (!client) return Promise.resolve({ kind: 'failed', error: `endpoint scheme ${url.protocol} refused`, permanent: true });
  return new Promise((resolve) => {
    const request = client.request(
      url,
      { method: details.method, headers: details.headers as http.OutgoingHttpHeaders, lookup, timeout: SEND_TIMEOUT_MS },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('end', () => {
          if (status >= 200 && status < 300) return resolve({ kind: 'sent' });
          if (status === 404 || status === 410) return resolve({ kind: 'gone', status });
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 200);
          // 429 and 5xx pass; any other 4xx (a bad VAPID signature, a payload too large) will not.
          const permanent = status >= 400 && status < 500 && status !== 429 && status !== 408;
          resolve({ kind: 'failed', error: `push service answered ${status}${text ? `: ${text}` : ''}`, permanent });
        });
        response.on('error', (error) => resolve({ kind: 'failed', error: error.message, permanent: false }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS} ms`)));
    request.on('error', (error) =>
      resolve({ kind: 'failed', error: error.message, permanent: error.name === 'PushEndpointError' }),
    );
    request.end(details.body ?? undefined);
  });
}
