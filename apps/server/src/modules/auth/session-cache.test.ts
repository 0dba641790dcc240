import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from './session-cache.js';

function entryOf(userId: string, sessionId = `${userId}-session`): CachedSession {
  return { session: { id: sessionId, userId }, user: { id: userId } } as unknown as CachedSession;
}

describe('session cache', () => {
  const make = (options: { maxEntries?: number; maxAgeMs?: number } = {}) => {
    let now = 0;
    const cache = new SessionCache({ maxEntries: options.maxEntries ?? 100, maxAgeMs: options.maxAgeMs ?? 60_000, now: () => now });
    return { cache, advance: (ms: number) => (now += ms) };
  };

  it('keeps nothing while off, and empties itself when turned off', () => {
    const { cache } = make();
    cache.remember('a', entryOf('u1'), cache.begin());
    expect(cache.get('a')).toBeUndefined();
    cache.enable();
    cache.remember('a', entryOf('u1'), cache.begin());
    expect(cache.get('a')?.user.id).toBe('u1');
    cache.disable();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a changed user and nobody else', () => {
    const { cache } = make();
    cache.enable();
    cache.remember('a1', entryOf('u1', 's1'), cache.begin());
    cache.remember('a2', entryOf('u1', 's2'), cache.begin());
    cache.remember('b1', entryOf('u2'), cache.begin());
    cache.forgetUser('u1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.user.id).toBe('u2');
  });

  it('does not store what a lookup read before a change it raced with', () => {
    const { cache } = make();
    cache.enable();
    const ticket = cache.begin();
    cache.forgetUser('u1');
    cache.remember('a', entryOf('u1'), ticket);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('a', entryOf('u1'), cache.begin());
    expect(cache.get('a')).toBeDefined();
  });

  it('reads an entry again after its maximum age', () => {
    const { cache, advance } = make({ maxAgeMs: 1_000 });
    cache.enable();
    cache.remember('a', entryOf('u1'), cache.begin());
    advance(999);
    expect(cache.get('a')).toBeDefined();
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const { cache } = make({ maxEntries: 2 });
    cache.enable();
    cache.remember('a', entryOf('u1'), cache.begin());
    cache.remember('b', entryOf('u2'), cache.begin());
    cache.remember('c', entryOf('u3'), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.forgetUser('u1');
    expect(cache.size).toBe(2);
  });
});
