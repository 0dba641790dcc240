import { randomBytes } from 'node:crypto';
import { isRegionSlug, type Region } from '@carpool/shared/regions';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CATEGORIES,
  type NotificationPreferences,
  type NotificationPreferencesDto,
  type UpdateNotificationPreferencesInput,
} from '@carpool/shared/schemas/notification-preferences';
import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  claimDigestSlot,
  countOutbox,
  deleteDeliveryStateOfUser,
  findCalendarRides,
  findDevMail,
  findDevMails,
  findPreferencesRow,
  findUndigestedChatMessages,
  findUserIdByCalendarToken,
  insertOutboxRow,
  setCalendarToken,
  upsertPreferenceSwitches,
  type DigestMessageRow,
  type PreferenceSwitches,
} from './delivery.repository.js';
import { assertUserStillActive, keyShareUserIfNotDeleted } from '../users/users.service.js';
import type { MailTokens } from './mail-tokens.js';
import { buildRideCalendar, rideSummary } from './ride-calendar.js';
import { SIGN_IN_CODE_KIND } from './sign-in-code-mail.js';
import type { RegionDirectory } from '../regions/regions.service.js';

/** A chat message waits this long unread before it goes into a digest. */
const DIGEST_DELAY_MS = 10 * 60 * 1000;
/** At most one digest per conversation and person in this time. */
const DIGEST_MIN_GAP_MS = 60 * 60 * 1000;
const DIGEST_MAX_LINES = 20;

/** Links in e-mails and the calendar feed: PUBLIC_URL, or this server on localhost. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

const newCalendarToken = () => randomBytes(32).toString('base64url');

/** Stored switches over the defaults: a switch never set keeps its default. */
export function effectivePreferences(stored: PreferenceSwitches | null | undefined): NotificationPreferences {
  const result = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  for (const category of NOTIFICATION_CATEGORIES) {
    const switches = stored?.[category];
    if (typeof switches?.email === 'boolean') result[category].email = switches.email;
    if (typeof switches?.push === 'boolean') result[category].push = switches.push;
  }
  return result;
}

function calendarFeedUrl(config: Config, token: string): string {
  return `${publicBaseUrl(config)}/api/calendar/${token}.ics`;
}

export async function getPreferences(deps: AppDeps, userId: string): Promise<NotificationPreferencesDto> {
  const row =
    (await findPreferencesRow(deps.db, userId)) ??
    (await deps.db.transaction(async (tx) => {
      // Account deletion forgets the preferences and the calendar token; none is created meanwhile.
      await assertUserStillActive(tx, userId);
      return upsertPreferenceSwitches(tx, userId, {}, newCalendarToken());
    }));
  return { preferences: effectivePreferences(row.preferences), calendarFeedUrl: calendarFeedUrl(deps.config, row.calendarToken) };
}

export async function updatePreferences(
  deps: AppDeps,
  userId: string,
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferencesDto> {
  const row = await deps.db.transaction(async (tx) => {
    await assertUserStillActive(tx, userId);
    return upsertPreferenceSwitches(tx, userId, input.preferences as PreferenceSwitches, newCalendarToken());
  });
  return { preferences: effectivePreferences(row.preferences), calendarFeedUrl: calendarFeedUrl(deps.config, row.calendarToken) };
}

export async function resetCalendarFeed(deps: AppDeps, userId: string): Promise<{ calendarFeedUrl: string }> {
  const token = newCalendarToken();
  await deps.db.transaction(async (tx) => {
    await assertUserStillActive(tx, userId);
    await setCalendarToken(tx, userId, token);
  });
  return { calendarFeedUrl: calendarFeedUrl(deps.config, token) };
}

const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The private feed: an unknown or revoked token is a 404 (it says nothing about who exists). */
export async function calendarFeed(deps: AppDeps, token: string): Promise<string> {
  const userId = CALENDAR_TOKEN_PATTERN.test(token) ? await findUserIdByCalendarToken(deps.db, token) : undefined;
  if (!userId) throw notFound('Calendar feed');
  const base = publicBaseUrl(deps.config);
  const rides = await findCalendarRides(deps.db, userId, deps.clock.now());
  return buildRideCalendar(
    'Carpool rides',
    rides.map((ride) => {
      const region = isRegionSlug(ride.region) ? ride.region : deps.regions.defaultRegion();
      return { ...ride, departsAt: new Date(ride.departsAt), url: `${base}/${region}/my-rides?ride=${ride.id}`, places: deps.regions.placesOf(ride.region) };
    }),
  );
}

/**
 * The address's owner turns one category off for e-mail (RFC 8058 one-click, no sign-in). A
 * deleted account gets no e-mail and keeps no preferences: its old link writes nothing (it would
 * re-create the row, with a live calendar token), and one racing the deletion either waits for it
 * and writes nothing, or makes it wait and is then erased by it. A suspended account may still
 * turn e-mail off.
 */
export async function unsubscribeUserCategory(db: Db, userId: string, category: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await keyShareUserIfNotDeleted(tx, userId))) return;
    await upsertPreferenceSwitches(tx, userId, { [category]: { email: false } }, newCalendarToken());
  });
}

export const invalidLink = () => new AppError('INVALID_TOKEN', 'This link is not valid (it may be incomplete).');

/** A missing, malformed or forged token is a 401, never a 5xx. */
export function verifyMailToken(tokens: MailTokens, token: string | undefined) {
  const parsed = token ? tokens.verify(token) : null;
  if (!parsed) throw invalidLink();
  return parsed;
}

/** Pending outbox rows (all channels): the depth for metrics. */
export function outboxDepth(db: Queryable): Promise<number> {
  return countOutbox(db, 'pending');
}

/** Outbox rows that gave up after the last attempt, kept for inspection. */
export function outboxFailedCount(db: Queryable): Promise<number> {
  return countOutbox(db, 'failed');
}

/**
 * Queues an e-mail to an address without an account, inside the caller's transaction; the key
 * makes it once (the newsletter confirmation: once a day per address and region).
 */
export async function enqueueAddressMail(
  db: Queryable,
  mail: { idempotencyKey: string; address: string; kind: string; region: Region; title: string; body: string; url: string },
): Promise<void> {
  await insertOutboxRow(db, {
    idempotencyKey: `${mail.idempotencyKey}:email`,
    address: mail.address,
    channel: 'email',
    kind: mail.kind,
    payload: { region: mail.region, title: mail.title, body: mail.body, url: mail.url },
  });
}

/**
 * Queues a sign-in code's e-mail inside the caller's transaction, ahead of every other mail
 * (priority 1). The code is sealed in the row and erased once the row is done, so the outbox never
 * keeps it readable; the sign-in code's own table keeps only its hash.
 */
export async function queueSignInCodeMail(
  db: Queryable,
  tokens: Pick<MailTokens, 'seal'>,
  mail: { id: string; address: string; region: Region; code: string },
): Promise<void> {
  await insertOutboxRow(db, {
    idempotencyKey: `sign-in-code:${mail.id}:email`,
    address: mail.address,
    channel: 'email',
    kind: SIGN_IN_CODE_KIND,
    priority: 1,
    payload: { region: mail.region, sealed: tokens.seal(mail.code) },
  });
}

/**
 * Turns chat messages that stayed unread for DIGEST_DELAY_MS into one digest e-mail per
 * conversation and person, at most one per DIGEST_MIN_GAP_MS (docs/decisions/chat-digests.md).
 * Safe to run in every process at once: the digest slot is claimed in the transaction that queues it.
 * Answers how many digests it queued.
 */
export async function queueChatDigests(deps: { db: Db; baseUrl: string; regions: RegionDirectory }, now: Date): Promise<number> {
  const rows = await findUndigestedChatMessages(deps.db, now, 5000);
  const groups = new Map<string, DigestMessageRow[]>();
  for (const row of rows) {
    const key = `${row.userId}|${row.conversationKey}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const base = deps.baseUrl;
  let queued = 0;
  for (const messages of groups.values()) {
    const first = messages[0]!;
    if (new Date(first.createdAt).getTime() > now.getTime() - DIGEST_DELAY_MS) continue;
    const newest = messages[messages.length - 1]!;
    const region = isRegionSlug(first.region) ? first.region : deps.regions.defaultRegion();
    const isRide = first.rideId !== null;
    const title = isRide
      ? `${messages.length} new message${messages.length === 1 ? '' : 's'} in the chat of ${rideSummary(deps.regions.placesOf(region), { fromPlace: first.fromPlace ?? '', toPlace: first.toPlace ?? '' }).replace('Carpool: ', '')}`
      : `${messages.length} new message${messages.length === 1 ? '' : 's'} from ${first.senderName}`;
    const url = isRide ? `${base}/${region}/my-rides?ride=${first.rideId}` : `${base}/conversation-messages/${first.senderId}`;
    const lines = messages.slice(-DIGEST_MAX_LINES).map((m) => `${m.senderName}: ${m.content}`);
    const done = await deps.db.transaction(async (tx) => {
      const slot = { userId: first.userId, conversationKey: first.conversationKey, now, coveredUntil: newest.createdAtExact, minGapMs: DIGEST_MIN_GAP_MS };
      if (!(await claimDigestSlot(tx, slot))) return false;
      return insertOutboxRow(tx, {
        idempotencyKey: `digest:${first.userId}:${first.conversationKey}:${new Date(newest.createdAt).getTime()}:email`,
        userId: first.userId,
        channel: 'email',
        kind: 'chat_digest',
        payload: { title, body: '', url, lines, region, rideId: first.rideId },
      });
    });
    if (done) queued += 1;
  }
  return queued;
}

/** A deleted account keeps no preferences, calendar feed or digest state. */
export async function forgetDeliveryStateOfUser(db: Queryable, userId: string): Promise<void> {
  await deleteDeliveryStateOfUser(db, userId);
}

/** How many kept e-mails the development mailbox lists, newest first. */
const DEV_MAILBOX_LISTED = 200;

/** The development mailbox: the e-mails kept instead of sent (no SMTP_URL), newest first. */
export async function listDevMails(db: Queryable) {
  return findDevMails(db, DEV_MAILBOX_LISTED);
}

/** One kept e-mail of the development mailbox; NOT_FOUND when there is none with this id. */
export async function getDevMail(db: Queryable, id: string) {
  const mail = await findDevMail(db, id);
  if (!mail) throw notFound('E-mail');
  return mail;
}
