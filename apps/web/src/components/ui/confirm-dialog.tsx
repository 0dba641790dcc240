import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClasses } from './button';
import { useReturnFocus } from './return-focus';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, read first by screen readers ("Accept this booking?"). */
  title: string;
  /** What follows from confirming ("This action cannot be undone."). */
  description?: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get the red button. */
  tone?: 'default' | 'danger';
  /** While the confirmed action runs: the dialog stays open with a busy confirm button. */
  pending?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the confirm finishing: the caller closes the dialog. */
  onClose: () => void;
}

/**
 * An in-app confirmation instead of window.confirm(): an alert dialog (focus starts on Cancel, so
 * Enter never confirms by accident), layered above any dialog it is opened from.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[55] bg-slate-950/60 backdrop-blur-sm" />
        <AlertDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={returnFocus.remember}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          // Escape pressed in the confirmation is its own: it closes here, whatever the dialog below
          // decides (that one keeps still while the focus is not inside it, see modal.tsx).
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || pending) return;
            event.stopPropagation();
            onClose();
          }}
          className="fixed inset-x-4 top-1/2 z-[56] mx-auto w-auto max-w-sm -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl outline-none dark:bg-slate-900 dark:ring-1 dark:ring-slate-700"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900 dark:text-white">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</AlertDialog.Description>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses(tone === 'danger' ? 'danger' : 'primary')}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={onConfirm}
            >
              {pending ? <Spinner size="sm" label={null} /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
