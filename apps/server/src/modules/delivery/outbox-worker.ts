import type { FastifyBaseLogger } from 'fastify';
import { isRegionSlug, type Region } from '@carpool/shared/regions';
import {
  NOTIFICATION_CATEGORY_OF_KIND,
  type DeliveryChannel,
  type NotificationCategory,
} from '@carpool/shared/schemas/notification-preferences';
import { notificationPath } from '@carpool/shared/notification-links';
import type { NotificationKind } from '@carpool/shared/schemas/notifications';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Delivery, DeliveryChannelAdapter, DeliveryResult } from '../../lib/delivery-channel.js';
import { claimDueRows, markOutboxDone, scheduleOutboxRetry, type ClaimedRow } from './delivery.repository.js';
import { effectivePreferences, queueChatDigests } from './delivery.service.js';
import type { EmailChannel } from './email-channel.js';
import type { MailKind } from './mail-templates.js';
import type { MailTokens } from './mail-tokens.js';
import { SIGN_IN_CODE_KIND } from './sign-in-code-mail.js';
import type { RegionDirectory } from '../regions/regions.service.js';

const BATCH_SIZE = 100;
/** A claimed row is hidden from other workers this long; a sender that died is retried after it. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const DIGEST_SCAN_MS = 30 * 1000;
/**
 * A nudge waits this long before its pass, so that a burst of commits (a busy minute of bookings)
 * is claimed and recorded in a few batches instead of a pass per commit.
 */
const NUDGE_DELAY_MS = 100;
/**
 * While the process is busy answering people (OUTBOX_BUSY_REQUESTS_PER_SECOND), the worker sends
 * at most this many rows per batch and waits between batches: e-mail goes out seconds later
 * instead of taking the cores from the requests, and catches up at full speed once it is quiet.
 */
const BUSY_BATCH_SIZE = 5;
const BUSY_PAUSE_MS = 250;

export interface OutboxWorkerOptions {
  db: Db;
  /** The regions: the default one of a row that names none, and the places a digest names. */
  regions: RegionDirectory;
  clock: Clock;
  log: FastifyBaseLogger;
  adapters: readonly DeliveryChannelAdapter[];
  /** Mails to an address without an account go through it; null when e-mail is off. */
  email: EmailChannel | null;
  /** Opens the secret a sign-in code mail carries sealed. */
  tokens: Pick<MailTokens, 'open'>;
  baseUrl: string;
  pollMs: number;
  startDelayMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** false: no polling (tests drain by hand). */
  poll: boolean;
  /** True while the process is busy with requests: passes then send small batches with pauses (drain() never does). */
  isBusy?: () => boolean;
}

export interface OutboxWorker {
  /** Runs a pass soon (after a commit in this process), without waiting for the next poll. */
  nudge(): void;
  /** Sends everything due now; resolves when the pass is over (tests and the benchmark). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const CATEGORY_OF_EXTRA_KIND: Record<string, NotificationCategory> = { chat_digest: 'messages' };

/** Where a notification leads in the web app, as the bell leads (the ride opens through ?ride=). */
function notificationUrlPath(kind: string, region: Region, rideId: string | null, otherUserId: string | null): string {
  return `/${region}${notificationPath({ kind: kind as NotificationKind, rideId, otherUserId }) ?? '/'}`;
}

/** The part of the ride a booking travels, when it is not the whole ride. */
function bookedSegment(row: ClaimedRow): { from: string; to: string } | null {
  if (!row.bookingFrom || !row.bookingTo) return null;
  if (row.bookingFrom === row.rideFrom && row.bookingTo === row.rideTo) return null;
  return { from: row.bookingFrom, to: row.bookingTo };
}

function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = options;
  const adapters = new Map<DeliveryChannel, DeliveryChannelAdapter>(options.adapters.map((adapter) => [adapter.channel, adapter]));
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let nudgeTimer: NodeJS.Timeout | null = null;
  let lastDigestScan = 0;
  let draining = false;

  async function send(row: ClaimedRow): Promise<DeliveryResult> {
    const payload = row.payload as { region?: string; title?: string; body?: string; url?: string; lines?: string[] };
    const region: Region = isRegionSlug(row.region) ? row.region : isRegionSlug(payload.region) ? payload.region : options.regions.defaultRegion();
    if (row.address && row.kind === SIGN_IN_CODE_KIND) {
      if (!options.email) return { status: 'skipped', reason: 'e-mail is not configured' };
      const sealed = (row.payload as { sealed?: unknown }).sealed;
      const code = typeof sealed === 'string' ? options.tokens.open(sealed) : null;
      // Sealed with another process's key (DATA_DIR not shared): no retry can open it.
      if (!code) return { status: 'failed', error: 'the sign-in code cannot be opened with this server key', permanent: true };
      return options.email.deliverSignInCode({ idempotencyKey: row.idempotencyKey, to: row.address, region, code });
    }
    if (row.address) {
      if (!options.email) return { status: 'skipped', reason: 'e-mail is not configured' };
      return options.email.deliverToAddress({
        idempotencyKey: row.idempotencyKey,
        to: row.address,
        kind: row.kind as MailKind,
        region,
        title: payload.title ?? '',
        body: payload.body ?? '',
        url: payload.url ?? options.baseUrl,
      });
    }
    if (!row.userId) return { status: 'skipped', reason: 'no recipient' };
    const category = NOTIFICATION_CATEGORY_OF_KIND[row.kind as NotificationKind] ?? CATEGORY_OF_EXTRA_KIND[row.kind];
    if (!category) return { status: 'failed', error: `unknown kind ${row.kind}`, permanent: true };
    const channel = row.channel as DeliveryChannel;
    // Consent is read now, not when the row was written: an unsubscribe in between wins.
    if (!effectivePreferences(row.preferences)[category][channel]) return { status: 'skipped', reason: 'turned off by the person' };
    // Most people never turn push on: the claim already knows, so no query per row asks the push channel.
    if (channel === 'push' && !row.hasPushSubscription) return { status: 'skipped', reason: 'no push subscription' };
    const adapter = adapters.get(channel);
    if (!adapter) return { status: 'skipped', reason: `no ${channel} channel in this server` };
    const delivery: Delivery = {
      idempotencyKey: row.idempotencyKey,
      userId: row.userId,
      notificationId: row.notificationId,
      category,
      kind: row.kind,
      title: row.title ?? payload.title ?? '',
      body: row.body ?? payload.body ?? '',
      url: payload.url ?? `${options.baseUrl}${notificationUrlPath(row.kind, region, row.rideId, row.otherUserId)}`,
      context: {
        region,
        email: row.email,
        recipientName: row.recipientName,
        otherPersonName: row.otherPersonName,
        booking:
          row.bookingSeats !== null && row.bookingSuitcases !== null
            ? { seats: row.bookingSeats, suitcases: row.bookingSuitcases, segment: bookedSegment(row) }
            : null,
        lines: payload.lines,
        ride:
          row.fromPlace && row.toPlace && row.departsAt
            ? {
                id: row.rideId ?? String((row.payload as { rideId?: string }).rideId),
                fromPlace: row.fromPlace,
                toPlace: row.toPlace,
                departsAt: new Date(row.departsAt),
                timezone: row.timezone ?? 'UTC',
                pickupAddress: row.pickupAddress,
                status: row.rideStatus ?? 'active',
              }
            : null,
      },
    };
    return adapter.deliver(delivery);
  }

  /** Sends one row and answers how it ended; the batch then records the endings together. */
  async function handle(row: ClaimedRow): Promise<{ row: ClaimedRow; result: DeliveryResult }> {
    try {
      return { row, result: await send(row) };
    } catch (error) {
      return { row, result: { status: 'failed', error: error instanceof Error ? error.message : String(error) } };
    }
  }

  /** One UPDATE per way of ending (sent; skipped or failed for one reason), one per retry. */
  async function record(outcomes: { row: ClaimedRow; result: DeliveryResult }[]): Promise<void> {
    const done = new Map<string, { status: 'sent' | 'skipped' | 'failed'; note: string | null; ids: string[] }>();
    const add = (status: 'sent' | 'skipped' | 'failed', note: string | null, id: string) => {
      const key = `${status}|${note ?? ''}`;
      const group = done.get(key);
      if (group) group.ids.push(id);
      else done.set(key, { status, note, ids: [id] });
    };
    for (const { row, result } of outcomes) {
      if (result.status === 'sent') add('sent', null, row.id);
      else if (result.status === 'skipped') add('skipped', result.reason, row.id);
      else if (result.permanent || row.attempts >= options.maxAttempts) {
        log.warn({ outboxId: row.id, kind: row.kind, channel: row.channel, attempts: row.attempts, err: result.error }, 'notification delivery gave up');
        add('failed', result.error, row.id);
      } else {
        log.info({ outboxId: row.id, channel: row.channel, attempts: row.attempts, err: result.error }, 'notification delivery failed, will retry');
        await scheduleOutboxRetry(db, row.id, retryDelayMs(row.attempts, options.retryBaseMs), result.error);
      }
    }
    for (const group of done.values()) await markOutboxDone(db, group.ids, group.status, group.note);
  }

  async function pass(): Promise<number> {
    let handled = 0;
    if (Date.now() - lastDigestScan >= DIGEST_SCAN_MS) {
      lastDigestScan = Date.now();
      await queueChatDigests({ db, baseUrl: options.baseUrl, regions: options.regions }, options.clock.now());
    }
    for (;;) {
      const busy = !draining && (options.isBusy?.() ?? false);
      const batchSize = busy ? BUSY_BATCH_SIZE : BATCH_SIZE;
      const rows = await claimDueRows(db, batchSize, CLAIM_LEASE_MS);
      await record(await Promise.all(rows.map(handle)));
      handled += rows.length;
      if (rows.length < batchSize || stopped) return handled;
      if (busy) await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        // A database that is away for a moment: the next poll tries again.
        if (!stopped) log.warn({ err: error }, 'notification outbox pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(options.pollMs));
    }, delayMs);
  }
  let started = options.poll && options.startDelayMs === 0;
  if (options.poll) {
    schedule(options.startDelayMs);
    if (!started) setTimeout(() => (started = true), options.startDelayMs).unref();
  }

  return {
    nudge() {
      if (!started || stopped || nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = null;
        void run();
      }, NUDGE_DELAY_MS);
    },
    async drain() {
      draining = true;
      try {
        let total = 0;
        for (;;) {
          const handled = await run();
          total += handled;
          if (handled === 0) return total;
        }
      } finally {
        draining = false;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (nudgeTimer) clearTimeout(nudgeTimer);
      await running;
    },
  };
}
