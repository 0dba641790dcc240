import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';

const PUBLIC_URL = 'http://carpool.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

/**
 * One person, one account (docs/decisions/sign-in-methods.md): a verified university address opens
 * the same account through Google (the development provider here), a code by e-mail and the
 * campus provider, whichever came first.
 */
describeEachDatabase('one account per university address, whatever the way in', (kind) => {
  let provider: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
    t = await createTestApp(kind, {
      config: {
        publicUrl: PUBLIC_URL,
        adminEmails: ['admin@cornell.edu'],
        signIn: {
          cornell: {
            google: true,
            emailCode: true,
            oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, label: 'Sign in with NetID', emailDomains: ['cornell.edu'] },
          },
          nj: { google: true, emailCode: false, oidc: null },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  async function byCode(email: string) {
    expect((await t.call({ method: 'POST', url: '/api/auth/email-code', payload: { email } })).statusCode).toBe(202);
    await t.app.notificationOutbox.drain();
    const result = (await t.database.db.execute(
      sql`select text from dev_mailbox where recipient = ${email} order by created_at desc, id desc limit 1`,
    )) as unknown as { rows: { text: string }[] };
    const code = /^\s+(\d{6})$/m.exec(result.rows[0]!.text)![1]!;
    return t.call({ method: 'POST', url: '/api/auth/email-code/verify', payload: { email, code } });
  }

  async function byCampus(email: string, sub: string) {
    provider.signInAs({ sub, email, email_verified: true, name: 'Campus Name' });
    const started = await t.call({ method: 'GET', url: '/api/auth/oidc/start?region=cornell' });
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const jar = new Map<string, string>();
    let next = new URL(String(started.headers.location));
    while (!next.href.startsWith(CALLBACK)) {
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const set of res.headers.getSetCookie()) {
        const [name, ...value] = set.split(';')[0]!.split('=');
        jar.set(name!, value.join('='));
      }
      next = new URL(res.headers.get('location')!, next);
    }
    const back = await t.call({ method: 'GET', url: `/api/auth/oidc/callback${next.search}`, headers: { cookie } });
    const code = new URLSearchParams(String(back.headers.location).split('#')[1]).get('code');
    if (!code) return back;
    return t.call({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code }, headers: { cookie } });
  }

  const accountsOf = async (email: string) =>
    ((await t.database.db.execute(sql`select id, issuer from users where email = ${email}`)) as unknown as { rows: { id: string; issuer: string }[] }).rows;

  it('opens the Google account by code and by the campus provider', async () => {
    const google = await t.signIn('gg1@cornell.edu', 'Grace Google');
    const code = (await byCode('gg1@cornell.edu')).json();
    const campus = (await byCampus('gg1@cornell.edu', 'netid-gg1')).json();
    expect([code.id, campus.id]).toEqual([google.id, google.id]);
    expect(campus.name).toBe('Grace Google');
    expect(await accountsOf('gg1@cornell.edu')).toHaveLength(1);
  });

  it('opens the account a code made by Google and by the campus provider', async () => {
    const code = (await byCode('cc2@cornell.edu')).json();
    expect(code.name).toBe('cc2');
    expect((await t.signIn('cc2@cornell.edu')).id).toBe(code.id);
    expect((await byCampus('cc2@cornell.edu', 'netid-cc2')).json().id).toBe(code.id);
    expect(await accountsOf('cc2@cornell.edu')).toEqual([{ id: code.id, issuer: 'urn:carpool:email-code' }]);
  });

  it('opens the account the campus provider made by Google and by code', async () => {
    const campus = (await byCampus('pp3@cornell.edu', 'netid-pp3')).json();
    expect((await t.signIn('pp3@cornell.edu')).id).toBe(campus.id);
    expect((await byCode('pp3@cornell.edu')).json().id).toBe(campus.id);
    expect((await byCampus('pp3@cornell.edu', 'netid-pp3')).json().id).toBe(campus.id);
    expect(await accountsOf('pp3@cornell.edu')).toEqual([{ id: campus.id, issuer: provider.issuer }]);
  });

  it('keeps a suspended account suspended by every way in', async () => {
    const admin = await t.signIn('admin@cornell.edu');
    const person = await t.signIn('ss4@cornell.edu');
    const suspended = await t.call({ method: 'POST', url: `/api/admin/users/${person.id}/suspend`, token: admin.token, payload: { reason: 'spam' } });
    expect(suspended.statusCode).toBe(200);
    const code = await byCode('ss4@cornell.edu');
    expect([code.statusCode, code.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const campus = await byCampus('ss4@cornell.edu', 'netid-ss4');
    expect(String(campus.headers.location)).toBe('/cornell/sign-in/campus#error=ACCOUNT_SUSPENDED');
  });

  it('does not bring back a deleted account: the address starts a new one', async () => {
    const before = await t.signIn('dd5@cornell.edu');
    expect((await t.call({ method: 'DELETE', url: '/api/users/me', token: before.token, payload: { confirmation: 'DELETE' } })).statusCode).toBe(200);
    const after = (await byCode('dd5@cornell.edu')).json();
    expect(after.id).not.toBe(before.id);
    expect((await t.signIn('dd5@cornell.edu')).id).toBe(after.id);
  });
});
