import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import type { ToastInput } from './toast-input';

interface ToastContextValue {
  showToast: (toast: ToastInput) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

// Sonner is loaded once the page is idle after its first paint, or with an earlier toast: no first
// paint shows one (docs/decisions/web-code-splitting.md). Without its code no toast shows.
const ToastOutlet = lazyWithReload(
  () => import('./toast-outlet').then((module) => module.ToastOutlet),
  () => null,
);

/**
 * Toasts appear top-centre, built on sonner. Toasts asked for before sonner's list listens wait
 * in a queue and show, in order, as soon as it does.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [outletWanted, setOutletWanted] = useState(false);
  const queue = useRef<ToastInput[]>([]);
  const show = useRef<((input: ToastInput) => void) | null>(null);

  const showToast = useCallback((input: ToastInput) => {
    if (show.current) {
      show.current(input);
      return;
    }
    queue.current.push(input);
    setOutletWanted(true);
  }, []);

  useEffect(() => whenIdle(() => setOutletWanted(true)), []);

  const onReady = useCallback((showWithOutlet: (input: ToastInput) => void) => {
    show.current = showWithOutlet;
    for (const input of queue.current.splice(0)) showWithOutlet(input);
  }, []);

  const value = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={value}>
      {/*
        A modal dialog hides everything outside it from assistive technology, except the elements
        marked aria-live at the moment it opens (and what holds them). This one is there from the
        start, so toasts that arrive while a dialog is open, sonner's list with them, are not hidden.
        "off": it announces nothing itself; sonner's list inside is the live region.
      */}
      <div aria-live="off">
        {outletWanted ? (
          <Suspense fallback={null}>
            <ToastOutlet onReady={onReady} />
          </Suspense>
        ) : null}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside ToastProvider');
  return value;
}
