import { createPublicKey } from 'node:crypto';
import type { PushSubscriptionInput } from '@carpool/shared/schemas/notification-preferences';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertUserStillActive } from '../users/users.service.js';
import { checkPushEndpoint, PushEndpointError, type AddressRules } from './push-endpoint-guard.js';
import { deletePushSubscriptionOfUser, deletePushSubscriptionsOfUser, upsertPushSubscription } from './push.repository.js';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodeBase64Url(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

/** The browser's ECDH key (RFC 8291): an uncompressed P-256 point, 65 bytes, on the curve. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: key.subarray(1, 33).toString('base64url'), y: key.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a browser's subscription as web push needs it: keys that the message can be encrypted
 * for, and an endpoint the server may call (push-endpoint-guard.ts). Answers the keys in the
 * unpadded base64url form web-push expects.
 */
async function validatePushSubscription(
  input: PushSubscriptionInput,
  rules: AddressRules,
): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  const p256dh = decodeBase64Url(input.keys.p256dh);
  if (!p256dh || !isP256Point(p256dh)) {
    throw new AppError('BAD_REQUEST', 'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)');
  }
  const auth = decodeBase64Url(input.keys.auth);
  if (!auth || auth.length !== 16) throw new AppError('BAD_REQUEST', 'keys.auth must be a base64url secret of 16 bytes');
  try {
    await checkPushEndpoint(input.endpoint, rules);
  } catch (error) {
    if (error instanceof PushEndpointError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  return { endpoint: input.endpoint, p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

export async function subscribeToPush(db: Db, userId: string, input: PushSubscriptionInput, rules: AddressRules): Promise<void> {
  const subscription = await validatePushSubscription(input, rules);
  // Account deletion forgets the user's subscriptions; one saved meanwhile must not outlive it.
  await db.transaction(async (tx) => {
    await assertUserStillActive(tx, userId);
    await upsertPushSubscription(tx, { userId, ...subscription });
  });
}

/** Deleting an endpoint that is not (or no longer) the caller's is not an error: the browser's state wins. */
export async function unsubscribeFromPush(db: Queryable, userId: string, endpoint: string): Promise<void> {
  await deletePushSubscriptionOfUser(db, userId, endpoint);
}

/** A deleted account keeps no browser to push to. */
export async function forgetPushSubscriptionsOfUser(db: Queryable, userId: string): Promise<void> {
  await deletePushSubscriptionsOfUser(db, userId);
}
