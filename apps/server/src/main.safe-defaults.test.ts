import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { readAdminCredential } from './lib/admin-credential.js';
import { serverEnv, spawnServer, waitFor, type SpawnedServer } from './test/server-process.js';

/** An address of this machine that other machines could reach (not loopback), if it has one. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

describe('safe defaults of development sign-in (a real server process)', () => {
  let dataDir: string;
  let server: SpawnedServer | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'carpool-main-'));
    // Created once, so that each server below only opens it.
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });
    await database.close();
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(env: NodeJS.ProcessEnv) {
    server = spawnServer(serverEnv({ DATA_DIR: dataDir, ...env }));
    const url = await waitFor(server, () => readAdminCredential(dataDir)?.url ?? null);
    return { url, port: new URL(url).port };
  }

  it('listens on 127.0.0.1 only when HOST is not set', async () => {
    const { url, port } = await start({});
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(await answers(url)).toBe(true);
    if (otherAddress) {
      expect(await answers(`http://${otherAddress}:${port}`)).toBe(false);
    } else {
      console.warn('skipped the other-address check: this machine has no non-loopback IPv4 address');
    }
    expect(await server!.stop()).toBe(0);
  }, 120_000);

  it('refuses HOST=0.0.0.0 with development sign-in unless ALLOW_DEV_AUTH=1, naming both', async () => {
    const refused = spawnServer(serverEnv({ DATA_DIR: dataDir, HOST: '0.0.0.0' }));
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toMatch(/HOST/);
    expect(refused.output()).toMatch(/0\.0\.0\.0/);
    expect(refused.output()).toMatch(/ALLOW_DEV_AUTH=1/);
  }, 60_000);

  it('with ALLOW_DEV_AUTH=1 starts on every interface, warns in the log, and tells the web app', async () => {
    const { url, port } = await start({ HOST: '0.0.0.0', ALLOW_DEV_AUTH: '1' });
    const config = (await (await fetch(`${url}/api/config`)).json()) as { devSignInExposed: boolean };
    expect(config.devSignInExposed).toBe(true);
    expect(server!.output()).toMatch(/"level":40[^\n]*anyone who can reach this server can sign in as anyone/);
    if (otherAddress) expect(await answers(`http://${otherAddress}:${port}`)).toBe(true);
    expect(await server!.stop()).toBe(0);
  }, 120_000);
});
