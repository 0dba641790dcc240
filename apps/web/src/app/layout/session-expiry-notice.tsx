import { SESSION_EXPIRED_TOAST_MS, WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast';
import { useRegion } from '../../lib/region';
import { takeSessionExpiredNotice } from '../../lib/storage';
import { useWindowEvent } from '../../lib/window-events';

/** A suspension's reason stays long enough to be read (it says what to do next). */
const SUSPENSION_TOAST_MS = 20_000;

function showNotice(showToast: ReturnType<typeof useToast>['showToast'], message: string) {
  if (message) showToast({ tone: 'error', message, durationMs: SUSPENSION_TOAST_MS });
  else showToast({ message: TEXTS.sessionExpiredToast, durationMs: SESSION_EXPIRED_TOAST_MS });
}

/**
 * The toast of spec section 2 (Home). The API client reloads the page right after an expiry, so
 * the notice it leaves in sessionStorage is what usually shows it, on the next load.
 */
export function SessionExpiryNotice() {
  const { showToast } = useToast();
  const { region } = useRegion();

  useEffect(() => {
    const notice = takeSessionExpiredNotice();
    if (notice !== null) showNotice(showToast, notice);
  }, [showToast]);

  useWindowEvent(WINDOW_EVENTS.authExpired, (detail) => {
    if (detail.region === region && !detail.announced) showNotice(showToast, detail.message ?? '');
  });

  return null;
}
