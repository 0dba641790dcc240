import { describe, expect, it } from 'vitest';
import { formatConversationTime, formatMessageTime } from './format-time';

const fixed = { locale: 'en-US', timeZone: 'America/New_York' };

describe('formatMessageTime', () => {
  it('shows hours and minutes, two digits each, in the viewer zone', () => {
    expect(formatMessageTime('2026-03-12T19:05:00Z', fixed)).toBe('03:05 PM');
    expect(formatMessageTime('2026-03-12T19:05:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('19:05');
  });
});

describe('formatConversationTime (inbox rows)', () => {
  it('shows the month, day, hour and minute', () => {
    expect(formatConversationTime('2026-03-12T19:05:00Z', fixed)).toBe('Mar 12, 03:05 PM');
  });

  it('uses the viewer day, not the UTC one', () => {
    expect(formatConversationTime('2026-03-13T02:30:00Z', fixed)).toBe('Mar 12, 10:30 PM');
  });
});
