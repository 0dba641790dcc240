import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLE_NAMES, isRegionSignInVariable, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database, dev sign-in', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: null, redisUrl: null, redisKeyPrefix: '', authMode: 'dev', sessionTtlHours: 720 });
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix).toBe('staging:');
    expect(config.redisCommandTimeoutMs).toBe(250);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '2000' }).redisCommandTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '0' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
    // Unset: each region's own domains decide (its row of the regions tables).
    expect(config.allowedEmailDomains).toBeNull();
    expect(config.trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.1.0.0/16, 192.0.2.7' }).trustProxy).toEqual(['10.1.0.0/16', '192.0.2.7']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('gives the embedded database 16MB of shared buffers unless PGLITE_SHARED_BUFFERS says otherwise, in MB up to 1024', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    for (const bad of ['16', '16mb', '0MB', '1GB', '2048MB', '16MB; drop table users']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });

  it('uses google sign-in when a client id is set, and treats empty values as unset', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'abc.apps.example', DATABASE_URL: '', ALLOWED_EMAIL_DOMAINS: 'Cornell.edu, ithaca.edu' });
    expect(config.authMode).toBe('google');
    expect(config.databaseUrl).toBeNull();
    expect(config.allowedEmailDomains).toEqual(['cornell.edu', 'ithaca.edu']);
  });

  it('stops with a message naming every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });

  it('refuses dev sign-in in production unless explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_DEV_AUTH/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_AUTH: '1' }).authMode).toBe('dev');
    expect(() => loadConfig({ AUTH_MODE: 'google' })).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it('keeps development sign-in on loopback unless HOST is set and ALLOW_DEV_AUTH=1', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', devSignInExposed: false });
    expect(loadConfig({ HOST: '::1' })).toMatchObject({ host: '::1', devSignInExposed: false });
    expect(loadConfig({ HOST: 'localhost' }).devSignInExposed).toBe(false);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST[\s\S]*0\.0\.0\.0[\s\S]*ALLOW_DEV_AUTH=1/);
    expect(() => loadConfig({ HOST: '192.0.2.10' })).toThrow(/ALLOW_DEV_AUTH/);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_AUTH: '1' })).toMatchObject({ host: '0.0.0.0', devSignInExposed: true });
    // Google sign-in has nothing to hide: every interface by default.
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'abc.apps.example' })).toMatchObject({ host: '0.0.0.0', devSignInExposed: false });
  });

  it('gives sign-in its own limit: 30 by default, off with 0 or when every limit is off', () => {
    expect(loadConfig({}).signInRateLimitPerMinute).toBe(30);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).signInRateLimitPerMinute).toBe(0);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0', SIGN_IN_RATE_LIMIT_PER_MINUTE: '5' }).signInRateLimitPerMinute).toBe(5);
    expect(loadConfig({ SIGN_IN_RATE_LIMIT_PER_MINUTE: '0' }).signInRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/SIGN_IN_RATE_LIMIT_PER_MINUTE/);
  });

  it('reads the e-mail and outbox settings', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ smtpUrl: null, mailFrom: 'Carpool <no-reply@carpool.localhost>' });
    expect(defaults.outbox).toEqual({ worker: true, pollMs: 1000, startDelayMs: 1000, maxAttempts: 8, retryBaseMs: 5000, busyRequestsPerSecond: 50 });
    const set = loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'Rides <rides@example.com>', OUTBOX_WORKER: '0' });
    expect(set).toMatchObject({ smtpUrl: 'smtps://user:secret@mail.example.com:465', mailFrom: 'Rides <rides@example.com>' });
    expect(set.outbox.worker).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
  });

  it('starts the background work a second after start unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ jobsStartDelayMs: 1000, outbox: { startDelayMs: 1000 } });
    expect(loadConfig({ JOBS_START_DELAY_MS: '0', OUTBOX_START_DELAY_MS: '250' })).toMatchObject({ jobsStartDelayMs: 0, outbox: { startDelayMs: 250 } });
    expect(() => loadConfig({ JOBS_START_DELAY_MS: '-1' })).toThrow(/JOBS_START_DELAY_MS/);
  });

  it('shows OpenStreetMap tiles by default, none in tests or when turned off, and a configured server otherwise', () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ NODE_ENV: 'test' }).mapTileUrl).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTileUrl).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).mapTileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
  });

  it('has no geocoder unless one is configured, and refuses what is not an http(s) URL', () => {
    expect(loadConfig({}).geocoderUrl).toBeNull();
    expect(loadConfig({ GEOCODER_URL: 'off' }).geocoderUrl).toBeNull();
    expect(loadConfig({ GEOCODER_URL: 'https://geocoder.example/search' }).geocoderUrl).toBe('https://geocoder.example/search');
    expect(() => loadConfig({ GEOCODER_URL: 'javascript:alert(1)' })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER_URL: 'nominatim' })).toThrow(/GEOCODER_URL/);
  });
});

describe('sign-in methods per region', () => {
  it('offers Google alone by default, and reads each region\'s methods and campus provider', () => {
    expect(loadConfig({}).signIn).toEqual({});
    expect(loadConfig({}).defaultSignIn).toEqual({ google: true, emailCode: false, oidc: null });
    // Any region, by its slug in capitals with hyphens as underscores.
    expect(loadConfig({ SIGN_IN_METHODS_PENN_STATE: 'email-code' }).signIn).toEqual({ 'penn-state': { google: false, emailCode: true, oidc: null } });
    const config = loadConfig({
      ALLOWED_EMAIL_DOMAINS: 'cornell.edu, rutgers.edu',
      SIGN_IN_METHODS_CORNELL: 'google, email-code, oidc',
      OIDC_CORNELL_ISSUER: 'https://login.example.edu',
      OIDC_CORNELL_CLIENT_ID: 'carpool',
      OIDC_CORNELL_CLIENT_SECRET: 'shh',
      OIDC_CORNELL_LABEL: 'Sign in with NetID',
      SIGN_IN_METHODS_NJ: 'email-code',
    });
    expect(config.signIn.cornell).toEqual({
      google: true,
      emailCode: true,
      oidc: { issuer: 'https://login.example.edu', clientId: 'carpool', clientSecret: 'shh', label: 'Sign in with NetID', emailDomains: null },
    });
    expect(config.signIn.nj).toEqual({ google: false, emailCode: true, oidc: null });
    expect(loadConfig({ SIGN_IN_METHODS_NJ: 'oidc', OIDC_NJ_ISSUER: 'https://sso.example.edu', OIDC_NJ_CLIENT_ID: 'c', OIDC_NJ_LABEL: 'Campus ID', OIDC_NJ_EMAIL_DOMAINS: 'Rutgers.edu' }).signIn.nj?.oidc)
      .toEqual({ issuer: 'https://sso.example.edu', clientId: 'c', clientSecret: null, label: 'Campus ID', emailDomains: ['rutgers.edu'] });
  });

  it('stops on a method it does not know, a provider without its settings, plain http or codes without SMTP in production', () => {
    expect(() => loadConfig({ SIGN_IN_METHODS_CORNELL: 'google, magic-link' })).toThrow(/SIGN_IN_METHODS_CORNELL: must list one or more of google, email-code, oidc/);
    expect(() => loadConfig({ SIGN_IN_METHODS_NJ: 'oidc' })).toThrow(/OIDC_NJ_ISSUER: is required[\s\S]*OIDC_NJ_CLIENT_ID: is required[\s\S]*OIDC_NJ_LABEL: is required/);
    const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'g.apps.example', SMTP_URL: 'smtp://mail.example.edu:587' };
    expect(() => loadConfig({ ...production, SIGN_IN_METHODS_CORNELL: 'oidc', OIDC_CORNELL_ISSUER: 'http://login.example.edu', OIDC_CORNELL_CLIENT_ID: 'c', OIDC_CORNELL_LABEL: 'NetID' })).toThrow(
      /OIDC_CORNELL_ISSUER: must be an https URL when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: '', SIGN_IN_METHODS_NJ: 'google,email-code' })).toThrow(/SIGN_IN_METHODS_NJ: email-code needs SMTP_URL in production/);
    expect(() => loadConfig({ OIDC_CORNELL_LABEL: 'x'.repeat(61) })).toThrow(/OIDC_CORNELL_LABEL/);
  });

  it('limits sign-in codes per e-mail and per client address: 5 and 30 an hour, off with 0 or when every limit is off', () => {
    expect(loadConfig({})).toMatchObject({ emailCodesPerEmailPerHour: 5, emailCodesPerAddressPerHour: 30 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({ emailCodesPerEmailPerHour: 0, emailCodesPerAddressPerHour: 0 });
    expect(loadConfig({ EMAIL_CODES_PER_EMAIL_PER_HOUR: '3', EMAIL_CODES_PER_ADDRESS_PER_HOUR: '0' })).toMatchObject({ emailCodesPerEmailPerHour: 3, emailCodesPerAddressPerHour: 0 });
  });
});

describe('.env.example', () => {
  it('names every setting the server reads, and nothing else', () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const named = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(named.filter((name) => !isRegionSignInVariable(name!)))).toEqual(new Set(ENV_VARIABLE_NAMES));
    // The per-region variables are shown for one region, as an example.
    expect(named.filter((name) => isRegionSignInVariable(name!)).length).toBeGreaterThan(0);
    expect(named).toHaveLength(new Set(named).size);
  });
});
