import { SIGN_IN_TEXTS } from '@carpool/shared/sign-in';
import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useCallback, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { useAcceptedTerms } from '../hooks/use-accepted-terms';
import { CampusSignInButton } from './campus-sign-in-button';
import { GoogleSignInPanel } from './google-sign-in-panel';
import { TermsCheckbox } from './terms-checkbox';

function EmailCodeFormUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      The form could not be loaded. Reload the page to try again.
    </p>
  );
}

// The e-mail code form brings the form kit (react-hook-form, zod): only in regions that offer it.
const EmailCodeForm = lazyWithReload(() => import('./email-code-form').then((module) => module.EmailCodeForm), EmailCodeFormUnavailable);

/** The form's look while its code loads. */
function EmailCodeFormPlaceholder() {
  return (
    <div aria-busy="true" className="space-y-3">
      <div className="h-5 w-32 rounded bg-slate-100 dark:bg-slate-800" />
      <div className="h-11 rounded-xl border border-slate-300 dark:border-slate-600" />
      <Button variant="secondary" size="lg" className="w-full" disabled>
        {SIGN_IN_TEXTS.sendCode}
      </Button>
    </div>
  );
}

interface SignInMethodsProps {
  googleLabel: string;
  onSignedIn: () => void;
}

/**
 * The region's ways in (docs/decisions/sign-in-methods.md), behind the one terms checkbox: Google as
 * the spec has it, the campus's own sign-in with the operator's words, and a code sent by e-mail.
 */
export function SignInMethods({ googleLabel, onSignedIn }: SignInMethodsProps) {
  const methods = useSignInMethods();
  const termsErrorId = useId();
  const [acceptedTerms, setAcceptedTerms] = useAcceptedTerms();
  const [termsMissing, setTermsMissing] = useState(false);

  const requireTerms = useCallback(() => {
    if (acceptedTerms) return true;
    setTermsMissing(true);
    return false;
  }, [acceptedTerms]);

  return (
    <div className="space-y-4">
      <TermsCheckbox
        checked={acceptedTerms}
        onChange={(checked) => {
          setAcceptedTerms(checked);
          if (checked) setTermsMissing(false);
        }}
        describedBy={termsMissing ? termsErrorId : undefined}
      />
      {termsMissing ? (
        <p id={termsErrorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {TEXTS.termsRequired}
        </p>
      ) : null}

      {methods.google ? <GoogleSignInPanel buttonLabel={googleLabel} acceptedTerms={acceptedTerms} requireTerms={requireTerms} onSignedIn={onSignedIn} /> : null}
      {methods.oidc ? <CampusSignInButton label={methods.oidc.label} requireTerms={requireTerms} /> : null}

      {methods.emailCode ? (
        <section aria-labelledby={`${termsErrorId}-code`} className="space-y-3">
          {methods.google || methods.oidc ? (
            <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
              {SIGN_IN_TEXTS.or}
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            </div>
          ) : null}
          <h3 id={`${termsErrorId}-code`} className="text-sm font-semibold text-slate-900 dark:text-white">
            {SIGN_IN_TEXTS.emailCodeHeading}
          </h3>
          <Suspense fallback={<EmailCodeFormPlaceholder />}>
            <EmailCodeForm requireTerms={requireTerms} onSignedIn={onSignedIn} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}

/** Whether the region offers more than the Google button (the dialogs word themselves for it). */
export function useHasOtherWaysIn(): boolean {
  const methods = useSignInMethods();
  return methods.emailCode || methods.oidc !== null || !methods.google;
}
