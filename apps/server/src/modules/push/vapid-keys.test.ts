import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { loadVapidKeys } from './vapid-keys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carpool-vapid-'));
  dirs.push(dir);
  return dir;
};

describe('VAPID keys', () => {
  const subject = 'mailto:admin@example.edu';

  it('are generated once into the data directory (owner-only) and reused on the next start', () => {
    const dataDir = tempDir();
    const first = loadVapidKeys({ publicKey: null, privateKey: null, subject, dataDir });
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadVapidKeys({ publicKey: null, privateKey: null, subject, dataDir })).toEqual(first);
  });

  it('without a data directory live in memory, a new pair each time', () => {
    const a = loadVapidKeys({ publicKey: null, privateKey: null, subject, dataDir: null });
    const b = loadVapidKeys({ publicKey: null, privateKey: null, subject, dataDir: null });
    expect(a.publicKey).not.toBe(b.publicKey);
  });

  it('configured keys win, and must be one pair', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(loadVapidKeys({ ...pair, subject, dataDir: tempDir() })).toEqual({ ...pair, subject });
    expect(() => loadVapidKeys({ publicKey: pair.publicKey, privateKey: other.privateKey, subject, dataDir: null })).toThrow(
      /does not belong/,
    );
  });

  it('a stored file that was tampered with stops the start', () => {
    const dataDir = tempDir();
    const pair = webpush.generateVAPIDKeys();
    writeFileSync(path.join(dataDir, 'vapid-keys.json'), JSON.stringify({ publicKey: pair.publicKey, privateKey: webpush.generateVAPIDKeys().privateKey }));
    expect(() => loadVapidKeys({ publicKey: null, privateKey: null, subject, dataDir })).toThrow(/does not belong/);
  });

  it('the configuration takes both keys or neither, and a subject that is mailto: or https:', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.edu' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }).vapidPublicKey).toBe(pair.publicKey);
    expect(loadConfig({ PUBLIC_URL: 'https://carpool.example.edu/app' }).vapidSubject).toBe('https://carpool.example.edu');
    expect(loadConfig({ ADMIN_EMAILS: 'ops@example.edu' }).vapidSubject).toBe('mailto:ops@example.edu');
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'x' }).pushAllowLoopback).toBe(false);
    expect(loadConfig({}).pushAllowLoopback).toBe(true);
  });
});
