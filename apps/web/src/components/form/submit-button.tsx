import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/button';

interface SubmitButtonProps {
  children: ReactNode;
  /** The text while the form is being sent ("Sending..."). */
  pendingText: ReactNode;
  /** Pending for a reason the form does not know of (a call started elsewhere). */
  pending?: boolean;
  /** Disabled although not pending (nothing to send yet). */
  disabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The form's submit button: disabled, busy and saying so while the submission runs. */
export function SubmitButton({ children, pendingText, pending = false, disabled = false, variant, size, className }: SubmitButtonProps) {
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  const busy = pending || isSubmitting;
  return (
    <Button type="submit" variant={variant} size={size} className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? pendingText : children}
    </Button>
  );
}
