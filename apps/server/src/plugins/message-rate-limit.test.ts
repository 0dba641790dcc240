import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { testLogger } from '../test/error-logs.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { MESSAGE_RATE_LIMIT } from './message-rate-limit.js';

const redisUrl = process.env.REDIS_URL;

if (!redisUrl) console.warn('message rate limit across processes: skipped, set REDIS_URL to run it');

describe.skipIf(!redisUrl)('message rate limit shared through Redis', () => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    // A command that times out is let through uncounted (lib/redis.ts); a busy machine can stall
    // this process for longer than the default quarter of a second.
    t = await createTestApp('pglite', { config: { redisUrl: redisUrl!, redisCommandTimeoutMs: 10_000 } });
    // A second server on the same database and Redis, as a second process would be.
    other = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: testLogger(), devIdp: t.devIdp });
    await other.ready();
    // A request-path client fails open until it has connected (lib/redis.ts): a send made before
    // that is let through uncounted, so the burst starts once both servers' clients are ready.
    await vi.waitFor(() => expect(t.app.redisConnections.status().ready && other.redisConnections.status().ready).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('counts the sends of one user on every server together', async () => {
    const sender = await t.signIn('limited@cornell.edu', 'Lim Ited');
    const receiver = await t.signIn('receiver@cornell.edu', 'Rec Eiver');
    // The start of a fresh window, so that the whole burst falls into it.
    t.clock.set(new Date(Math.ceil(Date.now() / MESSAGE_RATE_LIMIT.windowMs + 1) * MESSAGE_RATE_LIMIT.windowMs));
    const send = (app: FastifyInstance, content: string) =>
      app.inject({
        method: 'POST',
        url: '/api/conversation-messages/send',
        headers: { authorization: `Bearer ${sender.token}` },
        payload: { receiverId: receiver.id, content },
      });

    const statuses = [];
    for (let i = 0; i < MESSAGE_RATE_LIMIT.maxPerWindow; i++) statuses.push((await send(i % 2 ? other : t.app, `hi ${i}`)).statusCode);
    expect(statuses).toEqual(Array(MESSAGE_RATE_LIMIT.maxPerWindow).fill(201));
    const limited = await send(t.app, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await send(other, 'and here too')).statusCode).toBe(429);

    t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    expect((await send(other, 'next second')).statusCode).toBe(201);
  });
});
