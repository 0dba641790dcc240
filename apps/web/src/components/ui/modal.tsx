import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

type ModalSize = 'sm' | 'md' | 'lg';

const SIZES: Record<ModalSize, string> = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Shown as the heading and used as the dialog's accessible name. */
  title: string;
  children: ReactNode;
  size?: ModalSize;
}

/**
 * A dialog on a backdrop, on Radix UI's Dialog (docs/decisions/web-accessible-primitives.md):
 * the close button, a backdrop click and Escape close it; Tab stays inside; the rest of the page
 * is hidden from screen readers and cannot be clicked; dialogs opened from a dialog stack, and
 * Escape closes the top one only.
 */
export function Modal({ open, onClose, title, children, size = 'md' }: ModalProps) {
  const returnFocus = useReturnFocus();
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-slate-950/60 p-0 backdrop-blur-sm sm:items-center sm:p-4"
        >
          <Dialog.Content
            ref={contentRef}
            aria-describedby={undefined}
            onEscapeKeyDown={(event) => {
              // Escape closes the dialog that holds the focus: with a confirmation open over this
              // one (its own layer, portaled elsewhere), the key is the confirmation's alone, even
              // if the layer stack were ever to say otherwise.
              const target = event.target;
              if (target instanceof Node && target !== document.body && !contentRef.current?.contains(target)) event.preventDefault();
            }}
            aria-modal="true"
            onCloseAutoFocus={returnFocus.onCloseAutoFocus}
            onOpenAutoFocus={(event) => {
              returnFocus.remember();
              // Start on the dialog's content rather than its close button, which comes first in the DOM.
              const content = event.currentTarget as HTMLElement | null;
              const first = content?.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`);
              event.preventDefault();
              (first ?? content)?.focus();
            }}
            className={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700 ${SIZES[size]}`}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="-mr-2 -mt-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                  <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4z" />
                </svg>
              </Dialog.Close>
            </div>
            <div data-modal-body>{children}</div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
