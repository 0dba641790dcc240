import { APP_RETURN_PATH, SIGN_IN_TEXTS } from '@carpool/shared/sign-in';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { browser } from '../../../lib/browser';
import { useRegion } from '../../../lib/region';

function CampusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 10 12 5l9 5-9 5-9-5Z" />
      <path d="M7 12.2V16c0 1.1 2.2 2.5 5 2.5s5-1.4 5-2.5v-3.8" />
      <path d="M21 10v5" />
    </svg>
  );
}

interface CampusSignInButtonProps {
  /** The words the operator gave the button, such as "Sign in with NetID". */
  label: string;
  requireTerms: () => boolean;
}

/**
 * The campus's own sign-in: the whole page goes to the provider (through the server, which starts
 * the code flow) and comes back to /sign-in/campus, then to the page the person was on.
 */
export function CampusSignInButton({ label, requireTerms }: CampusSignInButtonProps) {
  const { region } = useRegion();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);

  const onClick = () => {
    if (!requireTerms()) return;
    setLeaving(true);
    const here = `${location.pathname}${location.search}`;
    const returnTo = APP_RETURN_PATH.test(here) ? here : '/';
    browser.reloadAt(`/api/auth/oidc/start?${new URLSearchParams({ region, returnTo }).toString()}`);
  };

  return (
    <Button variant="secondary" size="lg" className="w-full" onClick={onClick} disabled={leaving} aria-busy={leaving || undefined}>
      <CampusIcon />
      {leaving ? SIGN_IN_TEXTS.campusConnecting : label}
    </Button>
  );
}
