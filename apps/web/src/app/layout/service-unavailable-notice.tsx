import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { useRef } from 'react';
import { useToast } from '../../components/ui/toast';
import { useWindowEvent } from '../../lib/window-events';

/** How long one notice covers: a page's calls failing together (and their retries) show one toast. */
export const SERVICE_UNAVAILABLE_NOTICE_MS = 8_000;

/**
 * Tells the user that the service is briefly unavailable whenever the API answers 502/503/504,
 * where the page itself may only say that loading failed.
 */
export function ServiceUnavailableNotice() {
  const { showToast } = useToast();
  const shownAt = useRef(Number.NEGATIVE_INFINITY);

  useWindowEvent(WINDOW_EVENTS.serviceUnavailable, () => {
    const now = Date.now();
    if (now - shownAt.current < SERVICE_UNAVAILABLE_NOTICE_MS) return;
    shownAt.current = now;
    showToast({ message: TEXTS.serviceUnavailable, tone: 'error', durationMs: SERVICE_UNAVAILABLE_NOTICE_MS });
  });

  return null;
}
