import { TOKEN_CHECK_INTERVAL_MS, WINDOW_EVENTS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import type { SessionUser, SignedInUser } from '@carpool/shared/schemas/users';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from './api-client';
import { disableGoogleAutoSelect } from './google-identity';
import { useRegion } from './region';
import { importAuthSchemas } from './schema-modules';
import { clearSession, getStoredUser, getToken, regionsWithSession, setStoredUser, setToken } from './storage';
import { useWindowEvent } from './window-events';

type UsersByRegion = Partial<Record<Region, SessionUser | null>>;

interface SessionContextValue {
  /** The signed-in user of the current region, or null. */
  user: SessionUser | null;
  isSignedIn: boolean;
  /** Stores the answer of POST /api/auth/google for the current region. */
  signIn: (signedIn: SignedInUser) => void;
  /** Replaces the stored user of the current region (after a profile edit or avatar upload). */
  updateUser: (user: SessionUser) => void;
  /** Ends the session in every region (spec section 4: both of its regions). */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function readUsers(): UsersByRegion {
  return Object.fromEntries(regionsWithSession().map((region) => [region, getStoredUser(region)]));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  const [users, setUsers] = useState<UsersByRegion>(readUsers);
  const user = users[region] ?? null;
  // A user without a token cannot call anything; treat that pair as signed out.
  const signedInUser = user && getToken(region) ? user : null;

  const setRegionUser = useCallback((target: Region, next: SessionUser | null) => {
    setUsers((current) => ({ ...current, [target]: next }));
  }, []);

  const signIn = useCallback(
    ({ token, ...sessionUser }: SignedInUser) => {
      setToken(region, token);
      setStoredUser(region, sessionUser);
      setRegionUser(region, sessionUser);
      void queryClient.invalidateQueries();
    },
    [region, queryClient, setRegionUser],
  );

  const updateUser = useCallback(
    (next: SessionUser) => {
      // An answer that arrives after a sign-out, or after someone else signed in here, is not
      // stored: it would bring back a user who has left (their e-mail in this browser's storage).
      if (!getToken(region) || getStoredUser(region)?.id !== next.id) return;
      setStoredUser(region, next);
      setRegionUser(region, next);
    },
    [region, setRegionUser],
  );

  const signOut = useCallback(async () => {
    const regions = regionsWithSession();
    const tokens = regions.map((each) => [each, getToken(each)] as const);
    for (const each of regions) clearSession(each);
    setUsers({});
    queryClient.clear();
    disableGoogleAutoSelect();
    // Best effort: the local session is gone whatever the server answers.
    await Promise.allSettled(
      tokens
        .filter(([, token]) => token)
        .map(([each, token]) =>
          api.post('/api/auth/logout', undefined, { region: each, token, expireSessionOnUnauthorized: false }),
        ),
    );
  }, [queryClient]);

  useWindowEvent(WINDOW_EVENTS.authExpired, (detail) => setRegionUser(detail.region, null));

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith('revy_user_') || event.key.startsWith('auth_token_')) {
        setUsers(readUsers());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const hasToken = signedInUser !== null;
  useEffect(() => {
    if (!hasToken) return;
    const checkToken = () => {
      api
        .get('/api/auth/verify-token', { region, schema: () => importAuthSchemas().then((module) => module.VerifyTokenDto) })
        .then(({ user: fresh }) => updateUser(fresh))
        // A 401 is handled by the API client; a network hiccup is no reason to sign anyone out.
        .catch(() => undefined);
    };
    checkToken();
    const timer = setInterval(checkToken, TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [hasToken, region, updateUser]);

  const value = useMemo<SessionContextValue>(
    () => ({ user: signedInUser, isSignedIn: signedInUser !== null, signIn, updateUser, signOut }),
    [signedInUser, signIn, updateUser, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
