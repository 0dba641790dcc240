// What a toast says, shared by the provider (toast.tsx) and the outlet it loads later
// (toast-outlet.tsx): in a file of its own, so that the outlet does not import the file that loads
// it (no import cycle, `npm run check`).

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  durationMs?: number;
}
