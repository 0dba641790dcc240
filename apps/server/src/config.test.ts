import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database, dev sign-in', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: null, redisUrl: null, authMode: 'dev', sessionTtlHours: 720 });
    expect(config.allowedEmailDomains).toContain('cornell.edu');
    expect(config.trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.1.0.0/16, 192.0.2.7' }).trustProxy).toEqual(['10.1.0.0/16', '192.0.2.7']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
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
  it('shows OpenStreetMap tiles by default, none in tests or when turned off, and a configured server otherwise', () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ NODE_ENV: 'test' }).mapTileUrl).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTileUrl).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).mapTileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
  });
});
