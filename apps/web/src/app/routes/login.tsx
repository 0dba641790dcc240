import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInModal } from '../../features/auth/components/sign-in-modal';
import { HomePage } from '../../features/rides/components/home-page';
import { useRegion } from '../../lib/region';
import { useSession } from '../../lib/session';

/** Only paths inside the app: an open redirect to another site would help phishing. */
export function safeRedirectPath(redirect: string | null): string {
  if (!redirect) return '/';
  const trimmed = redirect.replace(/^\/+/, '');
  if (!/^[\w\-/%.]*$/.test(trimmed) || trimmed.split('/').includes('..')) return '/';
  return `/${trimmed}`;
}

/** /login?redirect=...: the sign-in dialog over the home page, then on to the redirect. */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toPath } = useRegion();
  const { isSignedIn } = useSession();
  const target = toPath(safeRedirectPath(params.get('redirect')));

  if (isSignedIn) return <Navigate to={target} replace />;
  return (
    <>
      <HomePage />
      <SignInModal open onClose={() => navigate(toPath('/'))} onSignedIn={() => navigate(target, { replace: true })} />
    </>
  );
}
