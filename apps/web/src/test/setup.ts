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
