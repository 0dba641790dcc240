import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnRedisServer, redisServerAvailable } from '../test/redis-server.js';
import { freePort } from '../test/server-process.js';
import { createRedisConnections, REDIS_COMMAND_TIMEOUT_MS, type RedisConnections } from './redis.js';

function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      callback();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

describe('Redis connections', () => {
  let connections: RedisConnections | null = null;

  afterEach(async () => {
    await connections?.closeAll();
    connections = null;
  });

  it('without Redis: a request-path command fails at once, the outage is logged once, status says so', async () => {
    const { lines, log } = capturedLogger();
    connections = await createRedisConnections(`redis://127.0.0.1:${await freePort()}`, log);
    const client = connections.create('rate-limit', 'request-path');
    // Several failed reconnections happen meanwhile.
    await new Promise<void>((resolve) => {
      let attempts = 0;
      client.on('reconnecting', () => (attempts += 1) === 3 && resolve());
    });
    // Refused without being queued for the reconnection: the request does not wait.
    await expect(client.get('anything')).rejects.toThrow(/enableOfflineQueue options is false/);
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      'Redis unavailable (rate-limit); working without it until it is back',
    ]);
    expect(connections.status()).toEqual({
      configured: true,
      ready: false,
      clients: [{ name: 'rate-limit', status: expect.not.stringMatching(/^ready$/), ready: false }],
    });
    // Closed at once: quit would wait for a Redis that is not there.
    const quit = vi.spyOn(client, 'quit');
    await connections.closeAll();
    expect(quit).not.toHaveBeenCalled();
  });

  it.skipIf(!redisServerAvailable)('a Redis that hangs costs a request-path command its short timeout only', async () => {
    const { log } = capturedLogger();
    const redis = new OwnRedisServer(await freePort());
    await redis.start();
    try {
      connections = await createRedisConnections(redis.url, log);
      const client = connections.create('message-rate-limit', 'request-path');
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
      expect(await client.incr('carpool-test:hang')).toBe(1);
      redis.freeze(true);
      const startedAt = Date.now();
      await expect(client.incr('carpool-test:hang')).rejects.toThrow(/timed out/i);
      // The timeout, not a hang (the margin is for a busy machine).
      expect(Date.now() - startedAt).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 2_000);
    } finally {
      redis.freeze(false);
      await connections?.closeAll();
      await redis.kill();
    }
  });

  it('without REDIS_URL nothing is made and status says not configured', async () => {
    const { log } = capturedLogger();
    connections = await createRedisConnections(null, log);
    expect(connections.configured).toBe(false);
    expect(() => connections!.create('rate-limit', 'request-path')).toThrow(/REDIS_URL/);
    expect(connections.status()).toEqual({ configured: false, ready: false, clients: [] });
  });
});
