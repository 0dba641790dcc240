import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { useWindowEvent } from '../../../lib/window-events';
import { SignInModal } from './sign-in-modal';
import { SignUpModal } from './sign-up-modal';

type Mode = 'sign-in' | 'sign-up' | null;

/** Mounted once by the layout: any part of the page opens these through open-auth-modal. */
export function AuthModals() {
  const { isSignedIn } = useSession();
  const [mode, setMode] = useState<Mode>(null);

  useWindowEvent(WINDOW_EVENTS.openAuthModal, (detail) => {
    if (!isSignedIn) setMode(detail?.mode ?? 'sign-in');
  });

  const close = () => setMode(null);
  return (
    <>
      <SignInModal
        open={mode === 'sign-in'}
        onClose={close}
        onSignedIn={close}
        onSwitchToSignUp={() => setMode('sign-up')}
      />
      <SignUpModal
        open={mode === 'sign-up'}
        onClose={close}
        onSignedIn={close}
        onSwitchToSignIn={() => setMode('sign-in')}
      />
    </>
  );
}
