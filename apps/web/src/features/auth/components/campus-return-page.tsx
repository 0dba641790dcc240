import { APP_RETURN_PATH, SIGN_IN_TEXTS } from '@carpool/shared/sign-in';
import { TEXTS } from '@carpool/shared/texts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { exchangeCampusCode } from '../api/exchange-campus-code';

/** What the server put in the fragment: a one-time code, or the code of what went wrong. */
function readFragment(): { code: string | null; error: string | null } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return { code: params.get('code'), error: params.get('error') };
}

const messageOf = (code: string | null) => (code && SIGN_IN_TEXTS.campusErrors[code]) || SIGN_IN_TEXTS.campusErrorFallback;

/**
 * /sign-in/campus: where the campus sign-in comes back. The one-time code in the fragment (never
 * sent to a server, never in a log) is exchanged for the session, and the person goes on to the
 * page they were on; a refusal is said in words with a way back to the sign-in dialog.
 */
export function CampusReturnPage() {
  const navigate = useNavigate();
  const { toPath } = useRegion();
  const { signIn } = useSession();
  const [fragment] = useState(readFragment);
  const [failure, setFailure] = useState<string | null>(fragment.code ? null : messageOf(fragment.error));
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The code leaves the address bar at once: not in the history, not in a copied link.
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (!fragment.code || started.current) return;
    started.current = true;
    exchangeCampusCode(fragment.code)
      .then(({ returnTo, ...user }) => {
        signIn(user);
        navigate(APP_RETURN_PATH.test(returnTo) ? returnTo : toPath('/'), { replace: true });
      })
      .catch((error: unknown) => setFailure(isApiError(error) && error.code ? messageOf(error.code) : SIGN_IN_TEXTS.campusErrorFallback));
  }, [fragment.code, navigate, signIn, toPath]);

  // A failure is read out and gets the focus, so a keyboard or screen-reader user starts there.
  useEffect(() => {
    if (failure) headingRef.current?.focus();
  }, [failure]);

  return (
    <div className="mx-auto max-w-md py-16 text-center">
      {failure ? (
        <>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none dark:text-white">
            {TEXTS.signInTitle}
          </h1>
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {failure}
          </p>
          <Link to={toPath('/login')} replace className={buttonClasses('primary', 'md', 'mt-6')}>
            {SIGN_IN_TEXTS.campusTryAgain}
          </Link>
        </>
      ) : (
        <div className="flex items-center justify-center gap-3 text-slate-700 dark:text-slate-200">
          <Spinner size="sm" label={null} />
          <p role="status">{SIGN_IN_TEXTS.campusFinishing}</p>
        </div>
      )}
    </div>
  );
}
