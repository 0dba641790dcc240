import { useRef } from 'react';

/**
 * Radix gives the focus back to a dialog's Trigger when it closes; our dialogs are opened by
 * ordinary buttons (and by window events), so the element that had the focus when the dialog
 * opened is remembered and focused again when it closes or unmounts.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    },
  };
}
