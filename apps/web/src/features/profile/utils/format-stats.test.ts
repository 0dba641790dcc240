import { describe, expect, it } from 'vitest';
import { formatAverageRating, roundedStars } from './format-stats';

describe('formatAverageRating', () => {
  it('shows two decimals', () => {
    expect(formatAverageRating(4.5)).toBe('4.50');
    expect(formatAverageRating(4.666)).toBe('4.67');
    expect(formatAverageRating(5)).toBe('5.00');
    expect(formatAverageRating(0)).toBe('0.00');
    expect(formatAverageRating(Number.NaN)).toBe('0.00');
  });
});

describe('roundedStars', () => {
  it('rounds the average to whole stars within 1..5, and 0 without reviews', () => {
    expect(roundedStars(4.49)).toBe(4);
    expect(roundedStars(4.5)).toBe(5);
    expect(roundedStars(1.2)).toBe(1);
    expect(roundedStars(0)).toBe(0);
    expect(roundedStars(7)).toBe(5);
  });
});
