import { TEXTS } from '@carpool/shared/texts';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { disableGoogleAutoSelect } from '../../../lib/google-identity';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { clearSession } from '../../../lib/storage';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { DevSignInCancelled, openDevSignInWindow } from '../utils/dev-sign-in-window';

/** The sign-in form's states of spec section 4: idle, connecting, then signed in or an error. */
export function useGoogleSignIn(onSignedIn: () => void) {
  const { region } = useRegion();
  const { signIn } = useSession();
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: signInWithGoogle } = useSignInWithGoogle();

  const fail = useCallback((message: string) => {
    setError(message);
    disableGoogleAutoSelect();
  }, []);

  /** Spec section 8 decides every message. */
  const exchangeIdToken = useCallback(
    async (tokenId: string) => {
      setConnecting(true);
      setError(null);
      try {
        const user = await signInWithGoogle(tokenId);
        if (!user) {
          fail(TEXTS.googleSignInFailed);
          return;
        }
        signIn(user);
        onSignedIn();
      } catch (caught) {
        if (isApiError(caught) && caught.code === 'INVALID_EMAIL_DOMAIN') {
          clearSession(region);
          fail(caught.message);
        } else {
          fail(caught instanceof Error && caught.message ? caught.message : TEXTS.googleSignInUnavailable);
        }
      } finally {
        setConnecting(false);
      }
    },
    [fail, onSignedIn, region, signIn, signInWithGoogle],
  );

  const startDevSignIn = useCallback(async () => {
    setConnecting(true);
    setError(null);
    let tokenId: string;
    try {
      tokenId = await openDevSignInWindow();
    } catch (caught) {
      setConnecting(false);
      if (!(caught instanceof DevSignInCancelled)) {
        fail(caught instanceof Error ? caught.message : TEXTS.googleSignInUnavailable);
      }
      return;
    }
    await exchangeIdToken(tokenId);
  }, [exchangeIdToken, fail]);

  return { connecting, setConnecting, error, setError, fail, exchangeIdToken, startDevSignIn };
}
