import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

afterEach(() => {
  // sonner keeps its toasts in a module-wide store: one test's toast must not show in the next.
  toast.dismiss();
  // Testing Library only cleans up by itself when vitest globals are on; they are off here.
  cleanup();
});

// jsdom lays nothing out and has no ResizeObserver; Radix's popper (popovers, menus) measures
// its anchor with one. Nothing is ever resized here, so an observer that never reports is exact.
if (!('ResizeObserver' in globalThis)) {
  class NoLayoutResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = NoLayoutResizeObserver;
}
