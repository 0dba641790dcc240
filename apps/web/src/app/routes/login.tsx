import { Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DialogLoading, DialogUnavailable } from '../../components/ui/dialog-loading';
import { HomePage } from '../../features/rides/components/home-page';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { useRegion } from '../../lib/region';
import { useSession } from '../../lib/session';

// The dialog is the header's sign-in dialog (Radix Dialog, the Google and dev sign-in code): its
// chunk loads as the page renders, while the home page draws; its backdrop covers the page meanwhile.
const SignInModal = lazyWithReload(() => import('../../features/auth/components/sign-in-modal').then((module) => module.SignInModal), DialogUnavailable);

/** Only paths inside the app: an open redirect to another site would help phishing. */
function safeRedirectPath(redirect: string | null): string {
  if (!redirect) return '/';
  const trimmed = redirect.replace(/^\/+/, '');
  if (!/^[\w\-/%.]*$/.test(trimmed) || trimmed.split('/').includes('..')) return '/';
  return `/${trimmed}`;
}

/**
 * /login?redirect=...: the sign-in dialog over the home page's top (its rides are not loaded under a
 * dialog that leaves for another page when it closes), then on to the redirect.
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toPath } = useRegion();
  const { isSignedIn } = useSession();
  const target = toPath(safeRedirectPath(params.get('redirect')));

  if (isSignedIn) return <Navigate to={target} replace />;
  return (
    <>
      <HomePage behindDialog />
      <Suspense fallback={<DialogLoading />}>
        <SignInModal open onClose={() => navigate(toPath('/'))} onSignedIn={() => navigate(target, { replace: true })} />
      </Suspense>
    </>
  );
}
