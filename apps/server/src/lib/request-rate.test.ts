import { describe, expect, it } from 'vitest';
import { createRequestRate } from './request-rate.js';

describe('createRequestRate', () => {
  it('counts the requests of the current and the last full second, and forgets older ones', () => {
    let now = 10_000;
    const rate = createRequestRate(() => now);
    expect(rate.perSecond()).toBe(0);
    for (let i = 0; i < 5; i += 1) rate.hit();
    expect(rate.perSecond()).toBe(5);
    now = 11_200;
    rate.hit();
    // The last full second had 5, this one 1 so far: the busier counts.
    expect(rate.perSecond()).toBe(5);
    now = 12_100;
    expect(rate.perSecond()).toBe(1);
    now = 20_000;
    expect(rate.perSecond()).toBe(0);
  });
});
