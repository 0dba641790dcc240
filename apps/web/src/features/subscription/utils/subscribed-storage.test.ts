import { beforeEach, describe, expect, it } from 'vitest';
import { isSubscribed, rememberSubscribed, shouldShowBanner } from './subscribed-storage';

beforeEach(() => localStorage.clear());

describe('subscription banner visibility', () => {
  it('shows only to signed-out visitors who have not subscribed or closed it', () => {
    expect(shouldShowBanner({ isSignedIn: false, subscribed: false, dismissed: false })).toBe(true);
    expect(shouldShowBanner({ isSignedIn: true, subscribed: false, dismissed: false })).toBe(false);
    expect(shouldShowBanner({ isSignedIn: false, subscribed: true, dismissed: false })).toBe(false);
    expect(shouldShowBanner({ isSignedIn: false, subscribed: false, dismissed: true })).toBe(false);
  });

  it('remembers the subscription per region under subscribed_{region}', () => {
    rememberSubscribed('nj');
    expect(localStorage.getItem('subscribed_nj')).toBe('true');
    expect(isSubscribed('nj')).toBe(true);
    expect(isSubscribed('cornell')).toBe(false);
  });
});
