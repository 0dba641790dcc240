import { describe, expect, it, vi } from 'vitest';
import { fetchAllAfter, lastMessageId, mergeMessages } from './merge-messages';

const at = (id: string, time: string) => ({ id, time });
const timeOf = (message: { time: string }) => message.time;

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, whatever order they arrive in', () => {
    const history = [at('a', '2026-03-12T10:00:00Z'), at('b', '2026-03-12T10:01:00Z')];
    const merged = mergeMessages(history, [at('c', '2026-03-12T10:03:00Z'), at('b', '2026-03-12T10:01:00Z'), at('x', '2026-03-12T10:02:00Z')], timeOf);
    expect(merged.map((each) => each.id)).toEqual(['a', 'b', 'x', 'c']);
  });

  it('returns the same list when nothing is new, so React sees no change', () => {
    const history = [at('a', '2026-03-12T10:00:00Z')];
    expect(mergeMessages(history, [at('a', '2026-03-12T10:00:00Z')], timeOf)).toBe(history);
  });

  it('keeps the server order of messages with the same time', () => {
    const same = '2026-03-12T10:00:00.000Z';
    expect(mergeMessages(undefined, [at('z', same), at('a', same)], timeOf).map((each) => each.id)).toEqual(['z', 'a']);
  });

  it('names the newest id, if any', () => {
    expect(lastMessageId([at('a', ''), at('b', '')])).toBe('b');
    expect(lastMessageId([])).toBeUndefined();
    expect(lastMessageId(undefined)).toBeUndefined();
  });
});

describe('fetchAllAfter', () => {
  it('asks page after page while pages come back full', async () => {
    const fetchPage = vi.fn(async (after: string | undefined) => {
      if (after === 'm0') return [at('m1', ''), at('m2', '')];
      if (after === 'm2') return [at('m3', '')];
      return [];
    });
    const all = await fetchAllAfter(fetchPage, 'm0', 2);
    expect(all.map((each) => each.id)).toEqual(['m1', 'm2', 'm3']);
    expect(fetchPage.mock.calls).toEqual([
      ['m0', 2],
      ['m2', 2],
    ]);
  });
});
