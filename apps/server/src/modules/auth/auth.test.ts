import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER } from './dev-idp.js';

describeEachDatabase('auth', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A token from the app's own dev provider, through its HTTP route. */
  async function devToken(email = 'ab123@cornell.edu') {
    const minted = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name: 'Ada Byron' } });
    expect(minted.statusCode).toBe(200);
    return minted.json().tokenId as string;
  }

  function decode(token: string): JWTPayload {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
  }

  function signIn(tokenId: string) {
    return t.call({ method: 'POST', url: '/api/auth/google', payload: { tokenId } });
  }

  it('signs in with a dev ID token and returns the session user with a token', async () => {
    const res = await signIn(await devToken());
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Ada Byron',
      email: 'ab123@cornell.edu',
      avatar: null,
      bio: '',
      college: 'cornell',
      verificationStatus: 'none',
      driverVerified: false,
      preferences: { okayWithChatting: true, okayWithAnimals: false, okayWithMusic: true, okayWithSmoking: false },
    });
    expect(user.token).toMatch(/^[\w-]{43}$/);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps one user per identity across sign-ins', async () => {
    const first = (await signIn(await devToken())).json();
    const second = (await signIn(await devToken())).json();
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
  });

  it('publishes the dev JWKS', async () => {
    const res = await t.call({ method: 'GET', url: '/dev-idp/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(res.json().keys[0].d).toBeUndefined();
  });

  describe('rejects ID tokens', () => {
    it('with a bad signature (payload tampered)', async () => {
      const [header, , signature] = (await devToken()).split('.');
      const payload = Buffer.from(JSON.stringify({ ...decode(await devToken()), email: 'mallory@cornell.edu' })).toString('base64url');
      const res = await signIn(`${header}.${payload}.${signature}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it('signed by another key', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ email: 'x@cornell.edu', email_verified: true })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(DEV_IDP_ISSUER)
        .setAudience(DEV_IDP_AUDIENCE)
        .setSubject('someone')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const res = await signIn(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it('with alg none', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(decode(await devToken()))).toString('base64url');
      const res = await signIn(`${header}.${payload}.`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it.each([
      ['a wrong audience', { aud: 'someone-else' }],
      ['a wrong issuer', { iss: 'https://accounts.google.com' }],
      ['an expiry in the past', { exp: Math.floor(Date.now() / 1000) - 3600 }],
      ['an unverified e-mail', { email_verified: false }],
      ['an e-mail with two @ (x@evil.com@cornell.edu)', { email: 'x@evil.com@cornell.edu' }],
      ['an e-mail without @', { email: 'cornell.edu' }],
      ['an e-mail with an empty domain label', { email: 'ab@cornell..edu' }],
      ['an e-mail whose domain label starts with a hyphen', { email: 'ab@-x.cornell.edu' }],
      ['an e-mail with a space in the domain', { email: 'ab@corn ell.edu' }],
      ['an e-mail with an empty local part', { email: '@cornell.edu' }],
      ['an e-mail that is not a string', { email: ['ab@cornell.edu'] }],
      ['an empty sub', { sub: '' }],
      ['a blank sub', { sub: '   ' }],
      ['an iat two minutes in the future', { iat: Math.floor(Date.now() / 1000) + 120 }],
    ])('with %s', async (_label, overrides) => {
      // Correctly signed by the app's key, with one claim wrong.
      const token = await t.devIdp.mint({ email: 'ab123@cornell.edu', name: 'Ada' }, overrides);
      const res = await signIn(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it('from a disallowed e-mail domain with INVALID_EMAIL_DOMAIN', async () => {
      const res = await signIn(await devToken('someone@gmail.com'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL_DOMAIN' });
      expect(res.json().error).toMatch(/cornell\.edu/);
    });
  });

  it('accepts an iat a little ahead of the clock (within the skew)', async () => {
    const token = await t.devIdp.mint({ email: 'skew@cornell.edu', name: 'Skew' }, { iat: Math.floor(t.clock.now().getTime() / 1000) + 30 });
    expect((await signIn(token)).statusCode).toBe(200);
  });

  it('a forged two-@ address does not sign in as the domain after the last @', async () => {
    const token = await t.devIdp.mint({ email: 'x@cornell.edu', name: 'X' }, { email: 'x@evil.com@cornell.edu' });
    const res = await signIn(token);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const rows = await t.database.db.select({ email: users.email }).from(users);
    expect(rows.map((u) => u.email)).not.toContain('x@evil.com@cornell.edu');
  });

  it('accepts a subdomain of an allowed domain', async () => {
    const res = await signIn(await devToken('ab123@cs.cornell.edu'));
    expect(res.statusCode).toBe(200);
    expect(res.json().college).toBe('cornell');
  });

  describe('sessions', () => {
    it('verify-token answers the user for a valid session', async () => {
      const user = await t.signIn('vt1@cornell.edu', 'Val Tok');
      const res = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ valid: true, user: { id: user.id, email: 'vt1@cornell.edu' } });
      expect(res.json().user.token).toBeUndefined();
    });

    it('answers 401 UNAUTHORIZED for no token and an unknown token', async () => {
      const none = await t.call({ method: 'GET', url: '/api/auth/verify-token' });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('UNAUTHORIZED');
      const unknown = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: 'not-a-real-token' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String), message: expect.any(String) });
    });

    it('logout revokes the session', async () => {
      const user = await t.signIn('lo1@cornell.edu');
      const out = await t.call({ method: 'POST', url: '/api/auth/logout', token: user.token });
      expect(out.statusCode).toBe(200);
      const after = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('UNAUTHORIZED');
    });

    it('an expired session answers 401 TOKEN_EXPIRED', async () => {
      const user = await t.signIn('ex1@cornell.edu');
      t.clock.advance(t.config.sessionTtlHours * 3_600_000 + 1000);
      try {
        const res = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('TOKEN_EXPIRED');
      } finally {
        t.clock.set(new Date());
      }
    });
  });

  describe('users', () => {
    it('reads a user when signed in and only their own e-mail, 401 when not, 404 for unknown ids', async () => {
      const a = await t.signIn('ua1@cornell.edu', 'User A');
      const b = await t.signIn('ub1@cornell.edu', 'User B');
      const profile = await t.call({ method: 'GET', url: `/api/users/${b.id}`, token: a.token });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ id: b.id, name: 'User B' });
      expect(profile.json().email).toBeUndefined();
      const own = await t.call({ method: 'GET', url: `/api/users/${b.id}/email`, token: b.token });
      expect(own.json()).toEqual({ email: 'ub1@cornell.edu' });
      // No screen shows another user's address; a user id is all it would take to collect them.
      const other = await t.call({ method: 'GET', url: `/api/users/${b.id}/email`, token: a.token });
      expect([other.statusCode, other.json().code, other.body.includes('ub1@')]).toEqual([403, 'FORBIDDEN', false]);
      expect((await t.call({ method: 'GET', url: `/api/users/${b.id}` })).statusCode).toBe(401);
      const missing = await t.call({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000', token: a.token });
      expect(missing.statusCode).toBe(404);
      const bad = await t.call({ method: 'GET', url: '/api/users/not-a-uuid', token: a.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    });
  });
});

describe('auth in google mode', () => {
  it('has no dev routes', async () => {
    const t = await createTestApp('pglite', { config: { authMode: 'google', googleClientId: 'client.apps.example' } });
    try {
      expect((await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'a@cornell.edu', name: 'A' } })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/dev-idp/.well-known/jwks.json' })).statusCode).toBe(404);
      const config = await t.call({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ mode: 'google', googleClientId: 'client.apps.example' });
    } finally {
      await t.close();
    }
  });
});

describe('client configuration: the geocoder', () => {
  it('is off by default, and when configured is named in /api/config and allowed by the CSP', async () => {
    const off = await createTestApp('pglite');
    try {
      const res = await off.call({ method: 'GET', url: '/api/config' });
      expect(res.json().geocoderUrl).toBeNull();
      expect(res.headers['content-security-policy']).not.toContain('geocoder.example');
    } finally {
      await off.close();
    }
    const on = await createTestApp('pglite', { config: { geocoderUrl: 'https://geocoder.example:8443/nominatim/search' } });
    try {
      const res = await on.call({ method: 'GET', url: '/api/config' });
      expect(res.json().geocoderUrl).toBe('https://geocoder.example:8443/nominatim/search');
      const connectSrc = String(res.headers['content-security-policy']).split(';').find((part) => part.trim().startsWith('connect-src'));
      expect(connectSrc).toContain('https://geocoder.example:8443');
    } finally {
      await on.close();
    }
  });
});

describe('sign-in rate limit', () => {
  async function signInStatuses(t: TestApp, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const tokenId = await t.devIdp.mint({ email: `limit${i}@cornell.edu`, name: 'Limit' });
      statuses.push((await t.call({ method: 'POST', url: '/api/auth/google', payload: { tokenId } })).statusCode);
    }
    return statuses;
  }

  it('obeys SIGN_IN_RATE_LIMIT_PER_MINUTE even when the global limit is off', async () => {
    const t = await createTestApp('pglite', { config: { rateLimitPerMinute: 0, signInRateLimitPerMinute: 3 } });
    try {
      expect(await signInStatuses(t, 4)).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('is off with 0: more sign-ins than the old fixed 30 a minute all succeed', async () => {
    const t = await createTestApp('pglite', { config: { rateLimitPerMinute: 0, signInRateLimitPerMinute: 0 } });
    try {
      expect(new Set(await signInStatuses(t, 35))).toEqual(new Set([200]));
    } finally {
      await t.close();
    }
  });
});
