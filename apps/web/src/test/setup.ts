import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { beginTestConsoleErrors, checkTestConsoleErrors, startRecordingConsoleErrors, stopRecordingConsoleErrors } from './console-errors';

// findBy and waitFor wait for what must come (a lazily loaded module is compiled on first use,
// which can take over the default second on a busy machine); a passing test waits no longer.
configure({ asyncUtilTimeout: 10_000 });

// An unexpected console.error fails the test (./console-errors.ts).
startRecordingConsoleErrors();
afterAll(stopRecordingConsoleErrors);

beforeEach(() => {
  beginTestConsoleErrors();
});

afterEach(() => {
  try {
    // sonner keeps its toasts in a module-wide store: one test's toast must not show in the next.
    toast.dismiss();
    // Testing Library only cleans up by itself when vitest globals are on; they are off here.
    cleanup();
  } finally {
    // After the cleanup, so that what an unmount logs counts too.
    checkTestConsoleErrors();
  }
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
