import { TEXTS } from '@carpool/shared/texts';
import { Modal } from '../../../components/ui/modal';
import { SignInMethods, useHasOtherWaysIn } from './sign-in-methods';

interface SignInModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after the session is stored; the dialog is closed by the caller. */
  onSignedIn: () => void;
  onSwitchToSignUp?: () => void;
}

export function SignInModal({ open, onClose, onSignedIn, onSwitchToSignUp }: SignInModalProps) {
  const otherWaysIn = useHasOtherWaysIn();
  return (
    <Modal open={open} onClose={onClose} title={TEXTS.signInTitle} size="sm">
      <p className="mb-5 text-sm text-slate-600 dark:text-slate-300">
        {otherWaysIn
          ? 'Sign in with your university account to find and share rides.'
          : 'Use the Google account of your university e-mail to find and share rides.'}
      </p>
      <SignInMethods googleLabel={TEXTS.signInWithGoogle} onSignedIn={onSignedIn} />
      {onSwitchToSignUp ? (
        <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
          New here?{' '}
          <button
            type="button"
            onClick={onSwitchToSignUp}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {TEXTS.signUpTitle}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
