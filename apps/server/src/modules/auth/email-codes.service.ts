import { EMAIL_CODE_DIGITS, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from '@carpool/shared/sign-in';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Region } from '@carpool/shared/regions';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { accountOf, startSession } from './auth.service.js';
import { countWrongTry, deleteCodesExpiredBy, insertCode, lockNewestCodeOf, markCodeUsed, retireCodesOf } from './email-codes.repository.js';
import { isEmailAddress } from './id-token.js';
import { isInDomains, signInSettingsOf } from './sign-in-settings.js';

/** The issuer of accounts that a sign-in code made: their subject is the address itself. */
const EMAIL_CODE_ISSUER = 'urn:carpool:email-code';

/** How a sign-in code leaves the server: handed to the auth module when the app is built (the delivery module does it). */
interface SignInCodeMailer {
  /** Queues the code's e-mail in the caller's transaction. */
  queue(db: Queryable, mail: { id: string; address: string; region: Region; code: string }): Promise<void>;
  /** After the commit: send now rather than at the outbox's next poll. */
  flush(): void;
}

export interface EmailCodeDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The key of the codes' hashes (DATA_DIR/sign-in-code.key): a stolen table alone cannot be tried offline. */
  codeKey: Buffer;
  mailer: SignInCodeMailer;
  /** The domains whose students sign in to a region: ALLOWED_EMAIL_DOMAINS when set, else the region's own (regions.service, regionEmailDomains). */
  regionDomains: (region: Region) => readonly string[];
  /** The college of an address, from the regions' colleges (the school badge). */
  collegeOfEmail: (email: string) => string | null;
  /** The regions an address moderates (the session user's moderatedRegions). */
  moderatedRegionsOf: (email: string) => readonly string[];
}

/**
 * A keyed hash: a 6-digit code has a million values, so a plain hash would be reversed at once by
 * anyone who read the table; without the key, nothing can be tried offline. The address is part of
 * it, so one code's hash says nothing about another address's.
 */
function hashCode(key: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${email}\n${code}`).digest();
}

function assertEmailCodeOffered(config: Config, region: Region): void {
  if (!signInSettingsOf(config, region).emailCode) {
    throw new AppError('SIGN_IN_METHOD_UNAVAILABLE', 'This region does not offer sign-in by a code sent by e-mail.');
  }
}

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Sends a new code when the address is one of the region's university domains, and says nothing
 * either way: the caller answers the same whether the address may sign in, has an account or not.
 * The new code replaces any earlier one of the address.
 */
export async function requestEmailCode(deps: EmailCodeDeps, region: Region, input: { email: string }): Promise<void> {
  assertEmailCodeOffered(deps.config, region);
  const email = normalise(input.email);
  if (!isEmailAddress(email) || !isInDomains(email, deps.regionDomains(region))) return;
  const code = String(randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, '0');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await retireCodesOf(tx, email, now);
    const id = await insertCode(tx, {
      email,
      region,
      codeHash: hashCode(deps.codeKey, email, code).toString('base64url'),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    });
    await deps.mailer.queue(tx, { id, address: email, region, code });
  });
  deps.mailer.flush();
}

type CodeCheck = { ok: true } | { ok: false; error: AppError };

const wrongCode = () =>
  new AppError('EMAIL_CODE_WRONG', `That code is not right. Check the newest e-mail; after ${EMAIL_CODE_MAX_ATTEMPTS} wrong tries a code stops working.`);

/**
 * Signs in with the code sent to the address: the same answer as a Google sign-in. A code works
 * once, for EMAIL_CODE_TTL_MS, and EMAIL_CODE_MAX_ATTEMPTS wrong tries spend it (the right one is
 * refused after them). Each refusal has its own code; none says whether the address has an account.
 */
export async function verifyEmailCode(deps: EmailCodeDeps, region: Region, input: { email: string; code: string }): Promise<SignedInUser> {
  assertEmailCodeOffered(deps.config, region);
  const email = normalise(input.email);
  const now = deps.clock.now();
  // The wrong try is counted in a transaction that commits; the refusal is thrown after it.
  const check = await deps.db.transaction(async (tx): Promise<CodeCheck> => {
    const row = await lockNewestCodeOf(tx, email);
    if (!row) return { ok: false, error: wrongCode() };
    if (row.usedAt) return { ok: false, error: new AppError('EMAIL_CODE_USED', 'This code was already used, or a newer one was sent. Ask for a new code.') };
    if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
      return { ok: false, error: new AppError('EMAIL_CODE_ATTEMPTS_EXCEEDED', 'Too many wrong tries: this code no longer works. Ask for a new one.') };
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, error: new AppError('EMAIL_CODE_EXPIRED', 'This code has expired. Ask for a new one.') };
    const expected = Buffer.from(row.codeHash, 'base64url');
    const given = hashCode(deps.codeKey, email, input.code);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await countWrongTry(tx, row.id);
      return { ok: false, error: wrongCode() };
    }
    await markCodeUsed(tx, row.id, now);
    return { ok: true };
  });
  if (!check.ok) throw check.error;
  // The region's domains may have changed since the code went out.
  if (!isInDomains(email, deps.regionDomains(region))) {
    throw new AppError('INVALID_EMAIL_DOMAIN', `Please sign in with your university e-mail address. Accepted domains: ${deps.regionDomains(region).join(', ')}.`);
  }
  const user = await accountOf(deps.db, deps.collegeOfEmail, { issuer: EMAIL_CODE_ISSUER, subject: email, email, name: email.split('@')[0]!.slice(0, 100) });
  return startSession(deps, user);
}

/** How long spent and expired codes are kept: a day, for a look at what happened. */
const EXPIRED_CODE_KEPT_MS = 24 * 3_600_000;

/** For the periodic job: deletes codes that expired more than a day before `now`. */
export function sweepExpiredEmailCodes(db: Queryable, now: Date): Promise<number> {
  return deleteCodesExpiredBy(db, new Date(now.getTime() - EXPIRED_CODE_KEPT_MS));
}
