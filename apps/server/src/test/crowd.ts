import { randomBytes } from 'node:crypto';
import { sessions, users } from '../db/schema.js';
import { hashToken } from '../modules/auth/auth.service.js';
import type { TestApp } from './harness.js';

/**
 * Many signed-in people at once, for races: sign-in is rate limited per address, so their users
 * and sessions are written straight into the database. Each session lasts 30 days from `from`.
 */
export async function signedInCrowd(t: TestApp, options: { prefix: string; count: number; from: Date }): Promise<{ id: string; token: string }[]> {
  const created = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: options.count }, (_, i) => ({
        issuer: 'test',
        subject: `${options.prefix}${i}`,
        email: `${options.prefix}${i}@cornell.edu`,
        name: `${options.prefix.toUpperCase()}${i}`,
        college: 'cornell',
      })),
    )
    .returning({ id: users.id });
  const crowd = created.map((user) => ({ id: user.id, token: randomBytes(32).toString('base64url') }));
  await t.database.db.insert(sessions).values(
    crowd.map((person) => ({ userId: person.id, tokenHash: hashToken(person.token), expiresAt: new Date(options.from.getTime() + 30 * 86_400_000) })),
  );
  return crowd;
}
