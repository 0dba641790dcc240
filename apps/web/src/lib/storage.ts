import { STORAGE_KEYS } from '@carpool/shared/constants';
import { isRegionSlug, type Region } from '@carpool/shared/regions';
import type { SessionUser } from '@carpool/shared/schemas/users';

export type Theme = 'light' | 'dark';

/** Session-scoped: must survive the reload after an expired session, but not a new visit. */
const SESSION_EXPIRED_NOTICE_KEY = 'session_expired_notice';
/** Session-scoped: when this tab last reloaded because a code chunk failed to load. */
const CHUNK_RELOAD_KEY = 'chunk_reload_at';

// Storage can throw (quota, blocked cookies); the app then behaves as if nothing were stored.
function read(key: string, store: Storage = localStorage): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, store: Storage = localStorage): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // See read().
  }
}

/** The regions this browser holds a token or a user for (auth_token_{region}, revy_user_{region}). */
export function regionsWithSession(): Region[] {
  const found = new Set<Region>();
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      const region = /^(?:auth_token_|revy_user_)(.+)$/.exec(key)?.[1];
      if (isRegionSlug(region)) found.add(region);
    }
  } catch {
    // See read().
  }
  return [...found];
}

export function getToken(region: Region): string | null {
  return read(STORAGE_KEYS.authToken(region));
}

export function setToken(region: Region, token: string | null): void {
  write(STORAGE_KEYS.authToken(region), token);
}

const isString = (value: unknown) => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const isBoolean = (value: unknown) => typeof value === 'boolean';
const SESSION_USER_FIELDS: Record<keyof SessionUser, (value: unknown) => boolean> = {
  id: isString,
  name: isString,
  email: isString,
  avatar: isStringOrNull,
  avatarColor: isStringOrNull,
  bio: isString,
  college: isStringOrNull,
  preferences: (value) => typeof value === 'object' && value !== null && Object.values(value).every(isBoolean),
  verificationStatus: isString,
  driverVerified: isBoolean,
  isAdmin: isBoolean,
  moderatedRegions: (value) => value === undefined || (Array.isArray(value) && value.every(isString)),
};

/**
 * What setStoredUser wrote: the app stores only users that passed SessionUserDto, so reading
 * checks the shape (every field, against a value left by an older build or edited by hand) without
 * zod, which a first paint does not load (docs/decisions/web-code-splitting.md); the session's
 * token check at start replaces it with the server's answer, parsed in full.
 */
export function getStoredUser(region: Region): SessionUser | null {
  const raw = read(STORAGE_KEYS.user(region));
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const fields = value as Record<string, unknown>;
    return Object.entries(SESSION_USER_FIELDS).every(([key, check]) => check(fields[key])) ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

export function setStoredUser(region: Region, user: SessionUser | null): void {
  write(STORAGE_KEYS.user(region), user ? JSON.stringify(user) : null);
}

/** Forgets the user and the token of one region. */
export function clearSession(region: Region): void {
  setToken(region, null);
  setStoredUser(region, null);
}

export function getStoredRegion(): Region | null {
  const value = read(STORAGE_KEYS.currentRegion);
  return isRegionSlug(value) ? value : null;
}

export function setStoredRegion(region: Region): void {
  write(STORAGE_KEYS.currentRegion, region);
}

export function getAcceptedTerms(): boolean {
  return read(STORAGE_KEYS.acceptedTerms) === 'true';
}

export function setAcceptedTerms(accepted: boolean): void {
  write(STORAGE_KEYS.acceptedTerms, accepted ? 'true' : 'false');
}

export function getStoredTheme(): Theme | null {
  const value = read(STORAGE_KEYS.theme);
  return value === 'dark' || value === 'light' ? value : null;
}

export function setStoredTheme(theme: Theme): void {
  write(STORAGE_KEYS.theme, theme);
}

/** What the next page load tells the person about the session that ended: a message of its own (a suspension), or the usual one. */
export function rememberSessionExpiredNotice(message: string | null = null): void {
  write(SESSION_EXPIRED_NOTICE_KEY, message === null ? 'true' : JSON.stringify({ message }), sessionStorage);
}

/**
 * Once after an expiry (reading the notice removes it): null when there is none, else the message
 * to show, or '' for the usual "Your session has expired".
 */
export function takeSessionExpiredNotice(): string | null {
  const value = read(SESSION_EXPIRED_NOTICE_KEY, sessionStorage);
  if (value === null) return null;
  write(SESSION_EXPIRED_NOTICE_KEY, null, sessionStorage);
  if (value === 'true') return '';
  try {
    const parsed: unknown = JSON.parse(value);
    const message = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}

/** Stores the time of a reload after a failed chunk; false when storage refuses it (then no reload). */
export function rememberChunkReload(now: number): boolean {
  write(CHUNK_RELOAD_KEY, String(now), sessionStorage);
  return read(CHUNK_RELOAD_KEY, sessionStorage) === String(now);
}

export function lastChunkReloadAt(): number | null {
  const value = Number(read(CHUNK_RELOAD_KEY, sessionStorage));
  return Number.isFinite(value) && value > 0 ? value : null;
}
