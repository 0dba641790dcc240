import { useEffect } from 'react';
import { Spinner } from './spinner';
import { useToast } from './toast';

export const DIALOG_UNAVAILABLE_MESSAGE = 'This could not be loaded. Check your connection and try again.';

/**
 * A dialog's backdrop with a spinner while the dialog's code loads. It fades in late, so a fast
 * load shows nothing before the dialog, and it takes the clicks meanwhile.
 */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex animate-appear-late items-center justify-center bg-slate-950/60 backdrop-blur-sm">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

/** In place of a dialog whose code could not be loaded, even after a reload: says so and closes. */
export function DialogUnavailable({ onClose }: { onClose: () => void }) {
  const { showToast } = useToast();
  useEffect(() => {
    showToast({ message: DIALOG_UNAVAILABLE_MESSAGE, tone: 'error' });
    onClose();
  }, [showToast, onClose]);
  return null;
}
