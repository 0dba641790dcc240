import { useFormContext, useFormState } from 'react-hook-form';

/** The form's answer to a failed call (set by useZodForm's showFailure), announced as an alert. */
export function FormError({ className = '' }: { className?: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const message = errors.root?.server?.message;
  return message ? (
    <p role="alert" className={`text-sm font-medium text-red-700 dark:text-red-300 ${className}`}>
      {message}
    </p>
  ) : null;
}
