import { describe, expect, it } from 'vitest';
import { formatUnreadCount } from './notification-link';

describe('formatUnreadCount', () => {
  it('caps the badge at 99+', () => {
    expect(formatUnreadCount(7)).toBe('7');
    expect(formatUnreadCount(99)).toBe('99');
    expect(formatUnreadCount(100)).toBe('99+');
  });
});
