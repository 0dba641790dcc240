import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  durationMs?: number;
}

interface Toast extends Required<ToastInput> {
  id: number;
}

interface ToastContextValue {
  showToast: (toast: ToastInput) => void;
}

const DEFAULT_DURATION_MS = 4_000;

const TONES: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900',
  success: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
};

const ToastContext = createContext<ToastContextValue | null>(null);

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, onDone]);
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${TONES[toast.tone]}`}
    >
      <span className="flex-1">{toast.message}</span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDone(toast.id)}
        className="-mr-1 rounded-md px-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        ×
      </button>
    </div>
  );
}

/** Toasts appear top-centre, where the spec puts the session-expiry notice. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const showToast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // Several failing calls can report the same thing at once: show it once, with a fresh timer.
    setToasts((current) => [
      ...current.filter((toast) => toast.message !== input.message),
      { id, message: input.message, tone: input.tone ?? 'info', durationMs: input.durationMs ?? DEFAULT_DURATION_MS },
    ]);
  }, []);

  const value = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside ToastProvider');
  return value;
}
