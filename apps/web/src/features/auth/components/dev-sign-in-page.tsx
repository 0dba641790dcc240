import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { createDevIdToken } from '../api/create-dev-id-token';
import { DEV_ID_TOKEN_MESSAGE, type DevIdTokenMessage } from '../utils/dev-sign-in-window';

const inputClasses =
  'mt-1 block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 sm:text-sm focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-600 dark:bg-slate-800 dark:text-white';

/**
 * The development identity provider's window (AUTH_MODE=dev), opened by the sign-in button in
 * place of Google's popup. It hands the minted ID token to the opener, which signs in with it.
 */
export function DevSignInPage() {
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = window.opener as Window | null;
  const config = useAppConfig();
  const problem =
    config.data?.mode === 'google'
      ? 'Development sign-in is off on this server: use Sign in with Google.'
      : !opener
        ? 'Open this window from the Sign in button of the app.'
        : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!opener) return;
    setSubmitting(true);
    setError(null);
    try {
      const tokenId = await createDevIdToken({ name: name.trim(), email: email.trim() });
      const message: DevIdTokenMessage = { type: DEV_ID_TOKEN_MESSAGE, tokenId };
      opener.postMessage(message, window.location.origin);
      window.close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not sign in');
      setSubmitting(false);
    }
  };

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-600 dark:text-amber-400">Development sign-in</p>
        <h1 className="mt-1 text-xl font-bold">Choose an account</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          This server runs without Google. Any name and e-mail of an allowed university domain signs in.
        </p>
        {!problem ? (
          <form className="mt-5 space-y-4" onSubmit={onSubmit}>
            <div>
              <label htmlFor={nameId} className="text-sm font-medium">
                Name
              </label>
              <input id={nameId} className={inputClasses} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
            </div>
            <div>
              <label htmlFor={emailId} className="text-sm font-medium">
                E-mail
              </label>
              <input
                id={emailId}
                type="email"
                className={inputClasses}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoComplete="email"
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                {error}
              </p>
            ) : null}
            <Button type="submit" size="lg" className="w-full" disabled={submitting}>
              Continue
            </Button>
          </form>
        ) : (
          <p role="alert" className="mt-5 text-sm font-medium text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </main>
  );
}
