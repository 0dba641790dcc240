import { WINDOW_EVENTS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import { browser } from './browser';
import { getActiveRegion, regionPrefixOf } from './region';
import { rememberSessionExpiredNotice } from './storage';
import { dispatchWindowEvent } from './window-events';

/*
 * What follows a session that ended with a 401 (the API client has already cleared it): the page
 * is told, and starts over. Loaded only then, so that no first load carries it.
 */

/**
 * What this file reads of the API client's error. Declared here rather than imported: the client
 * loads this file, and a file it loads does not point back at it (no import cycle, `npm run check`).
 */
interface SessionEndingError {
  message: string;
  code: string;
  details?: unknown;
}

/** A 401 that ends the session because an administrator suspended the account ({ suspended: true } in its details). */
function isSuspension(error: SessionEndingError): boolean {
  const details: unknown = error.details;
  return typeof details === 'object' && details !== null && (details as { suspended?: unknown }).suspended === true;
}

/**
 * Tells the page (spec sections 4 and 8) and starts over; the notice survives the reload so that
 * the toast can show. A suspension ends the session with its reason (a 401 whose details say so),
 * shown as it is.
 */
export function announceExpiry(region: Region, error: SessionEndingError): void {
  const suspended = isSuspension(error);
  rememberSessionExpiredNotice(suspended ? error.message : null);
  dispatchWindowEvent(WINDOW_EVENTS.authExpired, {
    region,
    reason: suspended ? 'suspended' : error.code === 'TOKEN_EXPIRED' ? 'expired' : 'unauthorized',
    ...(suspended ? { message: error.message } : {}),
  });
  browser.reloadAt(pageAfterExpiry(region));
}

/** Pages that a signed-out visitor sees as well: an expiry there keeps the person where they were. */
const PUBLIC_PAGES: ReadonlySet<string> = new Set(['', 'ride-requests', 'terms']);

/**
 * Where the page starts over after the session ended: the same page when anyone may see it (the
 * public ride requests, say), else the region root (spec section 8).
 */
function pageAfterExpiry(region: Region): string {
  const { pathname, search } = window.location;
  if (getActiveRegion() !== region) return `/${region}`;
  const page = (regionPrefixOf(pathname) ? pathname.split('/').slice(2) : pathname.split('/').slice(1)).join('/').replace(/\/+$/, '');
  return PUBLIC_PAGES.has(page) ? `${pathname}${search}` : `/${region}`;
}
