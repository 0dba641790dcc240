import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from '@carpool/shared/sign-in';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { LOG_REDACT } from '../../lib/logger.js';
import { createTestApp, describeEachDatabase, type DatabaseKind, type TestApp } from '../../test/harness.js';

const CODE_ROUTES = { google: true, emailCode: true, oidc: null };

/** A region offering the code, cornell, and one that does not, nj. */
function codeConfig(overrides: Partial<Config> = {}): Partial<Config> {
  return {
    signIn: { cornell: CODE_ROUTES, nj: { google: true, emailCode: false, oidc: null } },
    emailCodesPerEmailPerHour: 0,
    emailCodesPerAddressPerHour: 0,
    ...overrides,
  };
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The newest code e-mailed to the address, read from the development mailbox as a person would. */
async function codeFromMailbox(t: TestApp, email: string): Promise<string> {
  await t.app.notificationOutbox.drain();
  const [mail] = await rows<{ text: string; subject: string }>(
    t,
    sql`select text, subject from dev_mailbox where recipient = ${email} order by created_at desc, id desc limit 1`,
  );
  const code = /^\s+(\d{6})$/m.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}: ${mail?.text}`);
  return code;
}

function requestCode(t: TestApp, email: string, options: { region?: string; ip?: string } = {}) {
  return t.call({ method: 'POST', url: '/api/auth/email-code', payload: { email }, region: options.region, remoteAddress: options.ip });
}

function verify(t: TestApp, email: string, code: string, region?: string) {
  return t.call({ method: 'POST', url: '/api/auth/email-code/verify', payload: { email, code }, region });
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEachDatabase('sign-in by a code sent by e-mail', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: codeConfig() });
  });
  afterAll(() => t.close());

  it('signs in with the code from the mailbox: the same answer as a Google sign-in, and a working session', async () => {
    const answer = await requestCode(t, 'Cl42@Cornell.edu');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: 'If this address can sign in here, a code is on its way. It works for 10 minutes.' });
    const [mail] = await (async () => {
      await t.app.notificationOutbox.drain();
      return rows<{ subject: string; html: string }>(t, sql`select subject, html from dev_mailbox where recipient = 'cl42@cornell.edu'`);
    })();
    expect(mail?.subject).toBe('Your sign-in code for Carpool at Cornell');
    const code = await codeFromMailbox(t, 'cl42@cornell.edu');
    expect(mail?.html).toContain(code);

    const signedIn = await verify(t, 'cl42@cornell.edu', code);
    expect(signedIn.statusCode).toBe(200);
    const user = signedIn.json();
    expect(Object.keys(user).sort()).toEqual(Object.keys(await t.signIn('other@cornell.edu')).sort());
    expect(user).toMatchObject({ email: 'cl42@cornell.edu', name: 'cl42', college: 'cornell' });
    expect(user.token).toMatch(/^[\w-]{43}$/);
    const session = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
    expect(session.json()).toMatchObject({ valid: true, user: { id: user.id } });
  });

  it('refuses a wrong code, an expired one, a used one and one replaced by a newer code, each with its own code', async () => {
    await requestCode(t, 'wrong@cornell.edu');
    const code = await codeFromMailbox(t, 'wrong@cornell.edu');
    const wrong = await verify(t, 'wrong@cornell.edu', wrongCodeFor(code));
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'EMAIL_CODE_WRONG']);
    expect((await verify(t, 'nobody-asked@cornell.edu', '123456')).json().code).toBe('EMAIL_CODE_WRONG');
    expect((await verify(t, 'wrong@cornell.edu', code)).statusCode).toBe(200);
    const reused = await verify(t, 'wrong@cornell.edu', code);
    expect([reused.statusCode, reused.json().code]).toEqual([401, 'EMAIL_CODE_USED']);

    await requestCode(t, 'late@cornell.edu');
    const late = await codeFromMailbox(t, 'late@cornell.edu');
    t.clock.advance(EMAIL_CODE_TTL_MS);
    const expired = await verify(t, 'late@cornell.edu', late);
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'EMAIL_CODE_EXPIRED']);

    await requestCode(t, 'twice@cornell.edu');
    const first = await codeFromMailbox(t, 'twice@cornell.edu');
    await requestCode(t, 'twice@cornell.edu');
    const second = await codeFromMailbox(t, 'twice@cornell.edu');
    if (first !== second) expect((await verify(t, 'twice@cornell.edu', first)).json().code).toBe('EMAIL_CODE_WRONG');
    expect((await verify(t, 'twice@cornell.edu', second)).statusCode).toBe(200);
  });

  it('spends a code after five wrong tries: the sixth is refused even with the right code', async () => {
    await requestCode(t, 'guess@cornell.edu');
    const code = await codeFromMailbox(t, 'guess@cornell.edu');
    for (let attempt = 1; attempt <= EMAIL_CODE_MAX_ATTEMPTS; attempt += 1) {
      expect((await verify(t, 'guess@cornell.edu', wrongCodeFor(code))).json().code).toBe('EMAIL_CODE_WRONG');
    }
    const sixth = await verify(t, 'guess@cornell.edu', code);
    expect([sixth.statusCode, sixth.json().code]).toEqual([401, 'EMAIL_CODE_ATTEMPTS_EXCEEDED']);
    // A new code starts again.
    await requestCode(t, 'guess@cornell.edu');
    expect((await verify(t, 'guess@cornell.edu', await codeFromMailbox(t, 'guess@cornell.edu'))).statusCode).toBe(200);
  });

  it('answers the same 202 for an unknown domain, a known one and an existing account, and mails only the region\'s addresses', async () => {
    await t.signIn('existing@cornell.edu');
    const answers = await Promise.all(['someone@unknown-college.edu', 'newcomer@cornell.edu', 'existing@cornell.edu'].map((email) => requestCode(t, email)));
    const seen = answers.map((answer) => ({ status: answer.statusCode, body: answer.body, type: answer.headers['content-type'], length: answer.headers['content-length'] }));
    expect(new Set(seen.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(seen[0]!.status).toBe(202);
    await t.app.notificationOutbox.drain();
    const mailed = await rows<{ recipient: string }>(t, sql`select recipient from dev_mailbox where recipient in ('someone@unknown-college.edu', 'newcomer@cornell.edu', 'existing@cornell.edu')`);
    expect(mailed.map((mail) => mail.recipient).sort()).toEqual(['existing@cornell.edu', 'newcomer@cornell.edu']);
  });

  it('keeps only a keyed hash of the code (SQL), and the outbox never holds it readable', async () => {
    await requestCode(t, 'hashed@cornell.edu');
    const [pending] = await rows<{ payload: unknown; priority: number }>(t, sql`select payload, priority from notification_outbox where address = 'hashed@cornell.edu'`);
    const code = await codeFromMailbox(t, 'hashed@cornell.edu');
    const [stored] = await rows<{ code_hash: string }>(t, sql`select code_hash from email_sign_in_codes where email = 'hashed@cornell.edu'`);
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.code_hash).toMatch(/^[\w-]{43}$/);
    // Not a plain hash either, which a million guesses would reverse.
    for (const plain of [code, `hashed@cornell.edu\n${code}`]) {
      expect([createHash('sha256').update(plain).digest('base64url'), createHash('sha256').update(plain).digest('hex')]).not.toContain(stored!.code_hash);
    }
    const everywhere = await rows<{ n: number }>(
      t,
      sql`select (select count(*) from email_sign_in_codes where code_hash like ${`%${code}%`})
               + (select count(*) from notification_outbox where payload::text like ${`%${code}%`}) as n`,
    );
    expect(Number(everywhere[0]!.n)).toBe(0);
    expect(JSON.stringify(pending!.payload)).not.toContain(code);
    expect(pending!.priority).toBe(1);
    // Once sent, not even the sealed copy is kept.
    const [done] = await rows<{ payload: Record<string, unknown>; status: string }>(t, sql`select payload, status from notification_outbox where address = 'hashed@cornell.edu'`);
    expect(done).toEqual({ status: 'sent', payload: { region: 'cornell' } });
  });

  it('is refused where the region does not offer it, and the region says which ways in it has', async () => {
    expect((await t.call({ method: 'GET', url: '/api/auth/methods' })).json()).toEqual({ google: true, emailCode: true, oidc: null });
    expect((await t.call({ method: 'GET', url: '/api/auth/methods', region: 'nj' })).json()).toEqual({ google: true, emailCode: false, oidc: null });
    const refused = await requestCode(t, 'someone@rutgers.edu', { region: 'nj' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SIGN_IN_METHOD_UNAVAILABLE']);
    expect((await verify(t, 'someone@rutgers.edu', '123456', 'nj')).json().code).toBe('SIGN_IN_METHOD_UNAVAILABLE');
  });
});

describe('sign-in code limits and logs', () => {
  it('limits sends per e-mail and per client address with 429 and Retry-After, for allowed and unknown addresses alike', async () => {
    const t = await createTestApp('pglite', { config: codeConfig({ emailCodesPerEmailPerHour: 2, emailCodesPerAddressPerHour: 4 }) });
    try {
      for (const email of ['limit@cornell.edu', 'limit@unknown-college.edu']) {
        expect((await requestCode(t, email, { ip: '198.51.100.1' })).statusCode).toBe(202);
        expect((await requestCode(t, email, { ip: '198.51.100.2' })).statusCode).toBe(202);
        const third = await requestCode(t, email, { ip: '198.51.100.3' });
        expect([third.statusCode, third.json().code]).toEqual([429, 'RATE_LIMITED']);
        const retryAfter = Number(third.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      for (let i = 0; i < 4; i += 1) expect((await requestCode(t, `crowd${i}@cornell.edu`, { ip: '203.0.113.9' })).statusCode).toBe(202);
      const fifth = await requestCode(t, 'crowd9@cornell.edu', { ip: '203.0.113.9' });
      expect([fifth.statusCode, fifth.json().code, Number(fifth.headers['retry-after']) > 0]).toEqual([429, 'RATE_LIMITED', true]);
      expect((await requestCode(t, 'crowd9@cornell.edu', { ip: '203.0.113.10' })).statusCode).toBe(202);
      // A new hour, new counts.
      t.clock.advance(3_600_000);
      expect((await requestCode(t, 'limit@cornell.edu', { ip: '198.51.100.1' })).statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });

  it('never writes the code in a log line, at any level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = codeConfig();
    const t = await createTestApp('pglite', { config, logger: { level: 'trace', redact: LOG_REDACT, stream } });
    try {
      await requestCode(t, 'logged@cornell.edu');
      const code = await codeFromMailbox(t, 'logged@cornell.edu');
      await verify(t, 'logged@cornell.edu', wrongCodeFor(code));
      await verify(t, 'logged@cornell.edu', `${code.slice(0, 5)}x`);
      expect((await verify(t, 'logged@cornell.edu', code)).statusCode).toBe(200);
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(lines.filter((line) => line.includes(code) || line.includes(wrongCodeFor(code)))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
