import { TEXTS } from '@carpool/shared/texts';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAppConfig } from '../../../lib/app-config';
import { loadGoogleIdentity } from '../../../lib/google-identity';
import { useTheme } from '../../../lib/theme';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** Google's own button; its click opens Google's popup, which asks for an account every time. */
function GoogleRenderedButton({ clientId, onIdToken, onLoadError }: {
  clientId: string;
  onIdToken: (tokenId: string | undefined) => void;
  onLoadError: () => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  const onIdTokenRef = useRef(onIdToken);
  const onLoadErrorRef = useRef(onLoadError);
  useEffect(() => {
    onIdTokenRef.current = onIdToken;
    onLoadErrorRef.current = onLoadError;
  });

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !containerRef.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => onIdTokenRef.current(response.credential),
          ux_mode: 'popup',
          auto_select: false,
          itp_support: true,
        });
        google.accounts.id.renderButton(containerRef.current, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          width: 280,
        });
      })
      .catch(() => {
        if (!cancelled) onLoadErrorRef.current();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, theme]);

  return <div ref={containerRef} className="flex min-h-11 justify-center" />;
}

interface GoogleSignInPanelProps {
  buttonLabel: string;
  acceptedTerms: boolean;
  /** Says the terms are missing (the dialog shows it); answers whether they are accepted. */
  requireTerms: () => boolean;
  onSignedIn: () => void;
}

/**
 * The Google button of the sign-in and sign-up dialogs. In development mode it opens the
 * development sign-in window instead of Google's popup.
 */
export function GoogleSignInPanel({ buttonLabel, acceptedTerms, requireTerms, onSignedIn }: GoogleSignInPanelProps) {
  const config = useAppConfig();
  const { connecting, error, fail, exchangeIdToken, startDevSignIn } = useGoogleSignIn(onSignedIn);
  const googleClientId = config.data?.mode === 'google' ? config.data.googleClientId : null;

  const onButtonClick = () => {
    if (!requireTerms()) return;
    if (config.data?.mode === 'dev') void startDevSignIn();
    else fail(TEXTS.googleSignInUnavailable);
  };

  const showGoogleButton = Boolean(googleClientId) && acceptedTerms && !connecting;

  return (
    <div className="space-y-3">
      {connecting ? (
        <div role="status" className="flex h-12 items-center justify-center gap-3 text-sm font-medium text-slate-700 dark:text-slate-200">
          <Spinner size="sm" label={null} />
          <span>{TEXTS.connectingToGoogle}</span>
        </div>
      ) : showGoogleButton && googleClientId ? (
        <GoogleRenderedButton
          clientId={googleClientId}
          onIdToken={(tokenId) => (tokenId ? void exchangeIdToken(tokenId) : fail(TEXTS.googleSignInFailed))}
          onLoadError={() => fail(TEXTS.googleSignInUnavailable)}
        />
      ) : (
        <Button variant="secondary" size="lg" className="w-full" onClick={onButtonClick} disabled={config.isPending}>
          <GoogleLogo />
          {buttonLabel}
        </Button>
      )}

      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
