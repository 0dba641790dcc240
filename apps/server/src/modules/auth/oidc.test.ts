import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { LOG_REDACT } from '../../lib/logger.js';
import { startForgingOidcProvider, type ForgingOidcProvider } from '../../test/forging-oidc-provider.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { startTestOidcProvider, type TestOidcAccount, type TestOidcProvider } from '../../test/oidc-provider.js';
import { readStoredZip } from '../../test/zip-reader.js';

const PUBLIC_URL = 'http://carpool.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

function oidcConfig(provider: TestOidcProvider, forging: ForgingOidcProvider): Partial<Config> {
  return {
    publicUrl: PUBLIC_URL,
    signIn: {
      cornell: {
        google: true,
        emailCode: true,
        oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, label: 'Sign in with NetID', emailDomains: ['cornell.edu'] },
      },
      nj: {
        google: true,
        emailCode: false,
        oidc: { issuer: forging.issuer, clientId: forging.clientId, clientSecret: null, label: 'Sign in with Campus ID', emailDomains: ['rutgers.edu'] },
      },
    },
  };
}

const account = (sub: string, email: string, overrides: Partial<TestOidcAccount> = {}): TestOidcAccount => ({
  sub,
  email,
  email_verified: true,
  name: 'Ada Byron',
  ...overrides,
});

interface Started {
  /** The provider's authorization URL. */
  location: URL;
  /** The browser's cookie, as the browser would send it back. */
  cookie: string;
}

async function start(t: TestApp, region = 'cornell', returnTo = '/my-rides'): Promise<Started> {
  const res = await t.call({ method: 'GET', url: `/api/auth/oidc/start?region=${region}&returnTo=${encodeURIComponent(returnTo)}` });
  expect(res.statusCode, res.body).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/^carpool_oidc=[\w-]{43}; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
  return { location: new URL(String(res.headers.location)), cookie: setCookie.split(';')[0]! };
}

/** Plays the browser at the provider: follows its redirects, with its cookies, until it sends the browser back here. */
async function atProvider(url: URL): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.href.startsWith(CALLBACK)) return next;
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error('the provider never sent the browser back');
}

function callback(t: TestApp, back: URL | string, cookie: string | null) {
  const search = typeof back === 'string' ? back : back.search;
  return t.call({ method: 'GET', url: `/api/auth/oidc/callback${search}`, headers: cookie ? { cookie } : {} });
}

/** Where the callback sent the browser: the app's page and what its fragment says. */
function landing(res: LightMyRequestResponse): { path: string; code: string | null; error: string | null } {
  expect(res.statusCode).toBe(302);
  const [path, fragment = ''] = String(res.headers.location).split('#');
  const params = new URLSearchParams(fragment);
  return { path: path!, code: params.get('code'), error: params.get('error') };
}

function exchange(t: TestApp, code: string, cookie: string | null) {
  return t.call({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code }, headers: cookie ? { cookie } : {} });
}

/** A whole sign-in at the real provider as `person`: the callback's answer, the browser's cookie and the provider's answer URL. */
async function signInAtProvider(t: TestApp, provider: TestOidcProvider, person: TestOidcAccount, returnTo = '/my-rides') {
  provider.signInAs(person);
  const started = await start(t, 'cornell', returnTo);
  const back = await atProvider(started.location);
  return { res: await callback(t, back, started.cookie), cookie: started.cookie, back, started };
}

describeEachDatabase('campus sign-in (OpenID Connect)', (kind) => {
  let provider: TestOidcProvider;
  let forging: ForgingOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
    forging = await startForgingOidcProvider();
    t = await createTestApp(kind, { config: oidcConfig(provider, forging) });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
    await forging.close();
  });

  it('signs in through the provider: code flow with PKCE, state and nonce, then a one-time code the web app exchanges', async () => {
    const methods = await t.call({ method: 'GET', url: '/api/auth/methods' });
    expect(methods.json()).toEqual({ google: true, emailCode: true, oidc: { label: 'Sign in with NetID' } });

    provider.signInAs(account('netid-ab1', 'AB1@cornell.edu'));
    const started = await start(t, 'cornell', '/cornell/my-rides?ride=1');
    const query = started.location.searchParams;
    expect(started.location.origin).toBe(provider.issuer);
    expect(Object.fromEntries([...query].filter(([name]) => !['state', 'nonce', 'code_challenge'].includes(name)))).toEqual({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(query.get('state')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);

    const back = await atProvider(started.location);
    const landed = landing(await callback(t, back, started.cookie));
    expect(landed).toMatchObject({ path: '/cornell/sign-in/campus', error: null });
    expect(landed.code).toMatch(/^[\w-]{43}$/);

    const res = await exchange(t, landed.code!, started.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ab1@cornell.edu', name: 'Ada Byron', college: 'cornell', returnTo: '/cornell/my-rides?ride=1' });
    expect(String(res.headers['set-cookie'])).toMatch(/^carpool_oidc=; Path=\/api\/auth\/oidc; Max-Age=0/);
    const session = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: res.json().token });
    expect(session.json()).toMatchObject({ valid: true, user: { email: 'ab1@cornell.edu' } });

    // The one-time code works once.
    expect((await exchange(t, landed.code!, started.cookie)).json().code).toBe('OIDC_HANDOFF_INVALID');
  });

  it('refuses the one-time code from another browser, and an expired one', async () => {
    const { res, cookie } = await signInAtProvider(t, provider, account('netid-cd2', 'cd2@cornell.edu'));
    const { code } = landing(res);
    expect((await exchange(t, code!, null)).json().code).toBe('OIDC_HANDOFF_INVALID');
    expect((await exchange(t, code!, 'carpool_oidc=another-browser')).json().code).toBe('OIDC_HANDOFF_INVALID');
    t.clock.advance(3 * 60_000);
    const late = await exchange(t, code!, cookie);
    expect([late.statusCode, late.json().code]).toEqual([401, 'OIDC_HANDOFF_INVALID']);
  });

  it('refuses a wrong state, an answer in another browser and a replayed answer', async () => {
    provider.signInAs(account('netid-ef3', 'ef3@cornell.edu'));
    const started = await start(t);
    const back = await atProvider(started.location);

    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-nobody-sent-aaaaaaaaaaaaaaaaaaaaaaa');
    expect(landing(await callback(t, forged, started.cookie))).toEqual({ path: '/cornell/sign-in/campus', code: null, error: 'OIDC_STATE_INVALID' });
    expect(landing(await callback(t, back, null)).error).toBe('OIDC_STATE_INVALID');
    expect(landing(await callback(t, back, 'carpool_oidc=someone-elses-browser')).error).toBe('OIDC_STATE_INVALID');
    expect(landing(await callback(t, '?code=x', started.cookie)).error).toBe('OIDC_STATE_INVALID');

    const first = landing(await callback(t, back, started.cookie));
    expect(first.code).toMatch(/^[\w-]{43}$/);
    const replayed = landing(await callback(t, back, started.cookie));
    expect(replayed).toEqual({ path: '/cornell/sign-in/campus', code: null, error: 'OIDC_STATE_INVALID' });
  });

  it('requires a verified e-mail in the provider\'s domains', async () => {
    expect(landing((await signInAtProvider(t, provider, account('netid-gh4', 'gh4@cornell.edu', { email_verified: false }))).res).error).toBe('OIDC_EMAIL_UNVERIFIED');
    expect(landing((await signInAtProvider(t, provider, account('netid-gh5', 'gh5@gmail.com'))).res).error).toBe('INVALID_EMAIL_DOMAIN');
    // Another university's address, even one of the site's domains, is not this provider's to vouch for.
    expect(landing((await signInAtProvider(t, provider, account('netid-gh6', 'gh6@rutgers.edu'))).res).error).toBe('INVALID_EMAIL_DOMAIN');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from users where email in ('gh4@cornell.edu', 'gh5@gmail.com', 'gh6@rutgers.edu')`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('follows only relative paths of the app after sign-in', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/path', '/\\evil.example', 'my-rides', 'javascript:alert(1)', '/ spaced']) {
      const res = await t.call({ method: 'GET', url: `/api/auth/oidc/start?region=cornell&returnTo=${encodeURIComponent(returnTo)}` });
      expect([returnTo, res.statusCode, res.json().code]).toEqual([returnTo, 400, 'INVALID_RETURN_PATH']);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const { res, cookie } = await signInAtProvider(t, provider, account('netid-ij7', 'ij7@cornell.edu'), '/nj/profile?tab=reviews');
    expect((await exchange(t, landing(res).code!, cookie)).json().returnTo).toBe('/nj/profile?tab=reviews');
  });

  it('says when the person cancelled at the provider', async () => {
    const started = await start(t);
    const state = started.location.searchParams.get('state')!;
    const cancelled = `?error=access_denied&error_description=End-User+aborted+interaction&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    expect(landing(await callback(t, cancelled, started.cookie)).error).toBe('OIDC_DENIED');
  });

  describe('refuses ID tokens that fail a check', () => {
    async function withForgedToken(forge: (nonce: string) => Parameters<ForgingOidcProvider['forgeNext']>[0]) {
      const started = await start(t, 'nj', '/nj');
      expect(started.location.origin).toBe(forging.issuer);
      const state = started.location.searchParams.get('state')!;
      forging.forgeNext(forge(started.location.searchParams.get('nonce')!));
      return landing(await callback(t, `?code=forged-code&state=${state}`, started.cookie));
    }
    const person = { email: 'forged@rutgers.edu' };

    it('accepts a correct one from the same provider (so each refusal below is the check at work)', async () => {
      const landed = await withForgedToken((nonce) => ({ nonce, claims: person }));
      expect(landed).toMatchObject({ path: '/nj/sign-in/campus', error: null });
    });
    it('a wrong issuer', async () => {
      expect((await withForgedToken((nonce) => ({ nonce, claims: { ...person, iss: 'https://login.evil.example' } }))).error).toBe('OIDC_TOKEN_INVALID');
    });
    it('a wrong audience', async () => {
      expect((await withForgedToken((nonce) => ({ nonce, claims: { ...person, aud: 'another-client' } }))).error).toBe('OIDC_TOKEN_INVALID');
    });
    it('an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      expect((await withForgedToken((nonce) => ({ nonce, claims: { ...person, iat: past - 300, exp: past } }))).error).toBe('OIDC_TOKEN_INVALID');
    });
    it('a bad signature', async () => {
      expect((await withForgedToken((nonce) => ({ nonce, claims: person, signedByAnotherKey: true }))).error).toBe('OIDC_TOKEN_INVALID');
    });
    it('another nonce', async () => {
      expect((await withForgedToken(() => ({ nonce: 'a-nonce-of-another-sign-in', claims: person }))).error).toBe('OIDC_TOKEN_INVALID');
    });
    it('keeps the discovery document: one fetch for all these sign-ins', () => {
      expect(forging.discoveryRequests()).toBe(1);
    });
  });
});

describe('a campus provider that is down, and a region without one', () => {
  it('sends the browser to the app with OIDC_PROVIDER_UNAVAILABLE, at the start and at the answer, never a 500', async () => {
    const going = await startForgingOidcProvider();
    const t = await createTestApp('pglite', {
      config: {
        publicUrl: PUBLIC_URL,
        signIn: {
          // Port 9 (discard): nothing listens there on a test machine.
          cornell: { google: true, emailCode: false, oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 's', label: 'Sign in with NetID', emailDomains: ['cornell.edu'] } },
          nj: { google: true, emailCode: false, oidc: { issuer: going.issuer, clientId: going.clientId, clientSecret: null, label: 'Campus ID', emailDomains: ['rutgers.edu'] } },
        },
      },
    });
    try {
      const down = await t.call({ method: 'GET', url: '/api/auth/oidc/start?region=cornell' });
      expect([down.statusCode, down.headers.location]).toEqual([302, '/cornell/sign-in/campus#error=OIDC_PROVIDER_UNAVAILABLE']);

      const started = await start(t, 'nj', '/');
      await going.close();
      const state = started.location.searchParams.get('state')!;
      expect(landing(await callback(t, `?code=c&state=${state}`, started.cookie)).error).toBe('OIDC_PROVIDER_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });

  it('answers 403 SIGN_IN_METHOD_UNAVAILABLE where the region has no provider', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.call({ method: 'GET', url: '/api/auth/methods', region: 'nj' })).json()).toEqual({ google: true, emailCode: false, oidc: null });
      const res = await t.call({ method: 'GET', url: '/api/auth/oidc/start?region=nj' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'SIGN_IN_METHOD_UNAVAILABLE']);
      expect((await t.call({ method: 'GET', url: '/api/auth/oidc/start?region=mars' })).json().code).toBe('INVALID_REGION');
    } finally {
      await t.close();
    }
  });
});

describe("the provider's client secret", () => {
  it('is in no API answer (the console only says it is set), log line, export or the OpenAPI document', async () => {
    const provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
    const forging = await startForgingOidcProvider();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp('pglite', {
      config: { ...oidcConfig(provider, forging), adminEmails: ['admin@cornell.edu'] },
      logger: { level: 'trace', redact: LOG_REDACT, stream },
    });
    try {
      const { res, cookie, back } = await signInAtProvider(t, provider, account('netid-secret', 'secret@cornell.edu'));
      const handoff = landing(res).code!;
      const signedIn = await exchange(t, handoff, cookie);
      const token = signedIn.json().token as string;
      const admin = await t.signIn('admin@cornell.edu');
      const consoleView = await t.call({ method: 'GET', url: '/api/admin/sign-in-settings', token: admin.token });
      expect(consoleView.json().regions).toEqual([
        { region: 'cornell', google: true, emailCode: true, oidc: { issuer: provider.issuer, clientId: provider.clientId, label: 'Sign in with NetID', emailDomains: ['cornell.edu'], clientSecretSet: true } },
        { region: 'nj', google: true, emailCode: false, oidc: { issuer: forging.issuer, clientId: forging.clientId, label: 'Sign in with Campus ID', emailDomains: ['rutgers.edu'], clientSecretSet: false } },
      ]);
      expect((await t.call({ method: 'GET', url: '/api/admin/sign-in-settings', token })).statusCode).toBe(403);
      const answers = [
        consoleView,
        signedIn,
        await t.call({ method: 'GET', url: '/api/auth/methods' }),
        await t.call({ method: 'GET', url: '/api/config' }),
        await t.call({ method: 'GET', url: '/api/docs/json' }),
        await t.call({ method: 'GET', url: '/api/docs/yaml' }),
        await t.call({ method: 'GET', url: '/api/auth/verify-token', token }),
        await t.call({ method: 'GET', url: '/api/users/me/export', token }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.includes(Buffer.from(provider.clientSecret))).toBe(false);
      }
      const exported = readStoredZip(answers.at(-1)!.rawPayload);
      expect([...exported.values()].some((file) => file.includes(Buffer.from(provider.clientSecret)))).toBe(false);

      const log = lines.join('');
      expect(log).toContain('request completed');
      for (const secret of [provider.clientSecret, handoff, token, back.searchParams.get('code')!, back.searchParams.get('state')!, cookie.split('=')[1]!]) {
        expect(log.includes(secret), `a log line holds ${secret.slice(0, 6)}...`).toBe(false);
      }
    } finally {
      await t.close();
      await provider.close();
      await forging.close();
    }
  });
});
