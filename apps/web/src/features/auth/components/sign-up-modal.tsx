import { TEXTS } from '@carpool/shared/texts';
import { Modal } from '../../../components/ui/modal';
import { SignInMethods, useHasOtherWaysIn } from './sign-in-methods';

interface SignUpModalProps {
  open: boolean;
  onClose: () => void;
  onSignedIn: () => void;
  onSwitchToSignIn: () => void;
}

/** Signing up is signing in for the first time, by any of the region's ways in; the server creates the account. */
export function SignUpModal({ open, onClose, onSignedIn, onSwitchToSignIn }: SignUpModalProps) {
  const otherWaysIn = useHasOtherWaysIn();
  return (
    <Modal open={open} onClose={onClose} title={TEXTS.signUpTitle} size="sm">
      <SignInMethods googleLabel={TEXTS.signUpWithGoogle} onSignedIn={onSignedIn} />
      {otherWaysIn ? null : <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">{TEXTS.moreSignUpOptions}</p>}
      <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onSwitchToSignIn}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {TEXTS.signInTitle}
        </button>
      </p>
    </Modal>
  );
}
