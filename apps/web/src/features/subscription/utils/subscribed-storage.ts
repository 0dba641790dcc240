import { STORAGE_KEYS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';

// Storage can throw (blocked cookies); the banner then simply shows again next time.
export function isSubscribed(region: Region): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.subscribed(region)) === 'true';
  } catch {
    return false;
  }
}

export function rememberSubscribed(region: Region): void {
  try {
    localStorage.setItem(STORAGE_KEYS.subscribed(region), 'true');
  } catch {
    // See isSubscribed().
  }
}

/** Spec section 4: hidden for signed-in users and once subscribed in this region; closable by hand. */
export function shouldShowBanner(state: { isSignedIn: boolean; subscribed: boolean; dismissed: boolean }): boolean {
  return !state.isSignedIn && !state.subscribed && !state.dismissed;
}
