import { isApiError } from '../../../lib/api-client';

export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) && error.status !== 0 ? error.message : 'Something went wrong. Please try again.';
  return (
    <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
