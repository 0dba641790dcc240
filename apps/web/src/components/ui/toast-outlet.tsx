import { useEffect, type FocusEvent } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import type { ToastInput, ToastTone } from './toast-input';

const DEFAULT_DURATION_MS = 4_000;

/**
 * At least 4.5:1 (WCAG AA) for the text in both themes, also while sonner fades a toast in: axe-core
 * audits the toast half-faded, mixed with the page, and white on emerald-700 (5.4:1 at rest) fell
 * to 3.9:1 over the light page at 90% opacity. Emerald-800 keeps 5.2:1 there (toast-outlet.test.ts).
 */
export const TOAST_TONE_CLASSES: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900',
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-700 text-white',
};

function ToastBody({ id, message, tone }: { id: string | number; message: string; tone: ToastTone }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex w-full items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${TOAST_TONE_CLASSES[tone]}`}
    >
      <span className="flex-1">{message}</span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => sonner.dismiss(id)}
        className="-mr-1 rounded-md px-1 opacity-90 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        ×
      </button>
    </div>
  );
}

function showWithSonner(input: ToastInput): void {
  const tone = input.tone ?? 'info';
  // Several failing calls can report the same thing at once: the message is the toast's id, so
  // it shows once, with a fresh timer.
  sonner.custom((id) => <ToastBody id={id} message={input.message} tone={tone} />, {
    id: input.message,
    duration: input.durationMs ?? DEFAULT_DURATION_MS,
  });
}

/**
 * Sonner pauses its timers while the pointer is over the toasts; keyboard users get the same
 * (WCAG 2.2.1) by telling the list the "pointer" arrived when focus does, and left when it goes.
 */
function pauseWhileFocused(event: FocusEvent<HTMLDivElement>, focused: boolean) {
  const list = event.currentTarget.querySelector('[data-sonner-toaster]');
  if (!list) return;
  if (focused) list.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: null }));
  else if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
    list.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  }
}

/** Hands the provider its way of showing toasts once sonner's Toaster listens (after its effect). */
function ReadyAfterToaster({ onReady }: { onReady: (show: (input: ToastInput) => void) => void }) {
  useEffect(() => onReady(showWithSonner), [onReady]);
  return null;
}

/**
 * Below the sticky header (h-16): a toast never covers the navigation it may point to. Sonner's
 * own gap on top of that keeps it clear of the header's border.
 */
const BELOW_HEADER = { top: '4.5rem' } as const;

/** Sonner's toast list, top-centre (under the header), where the spec puts the session-expiry notice. */
export function ToastOutlet({ onReady }: { onReady: (show: (input: ToastInput) => void) => void }) {
  return (
    <>
      <div onFocus={(event) => pauseWhileFocused(event, true)} onBlur={(event) => pauseWhileFocused(event, false)}>
        <Toaster
          position="top-center"
          offset={BELOW_HEADER}
          mobileOffset={BELOW_HEADER}
          containerAriaLabel="Alerts"
          toastOptions={{ unstyled: true, className: 'w-full' }}
        />
      </div>
      {/* After the Toaster: its effect subscribes first, so the toasts handed over now are not lost. */}
      <ReadyAfterToaster onReady={onReady} />
    </>
  );
}
