import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { useCallback } from 'react';
import { useSession } from '../../../lib/session';
import { dispatchWindowEvent, openAuthModal } from '../../../lib/window-events';

/**
 * "Post a Request" (spec section 2): the form for a signed-in user, the sign-in dialog otherwise.
 * The form is mounted once in the layout and opened by the same event as the header's button.
 */
export function useOpenRequestForm(): () => void {
  const { isSignedIn } = useSession();
  return useCallback(() => {
    if (isSignedIn) dispatchWindowEvent(WINDOW_EVENTS.openRequestRide, undefined);
    else openAuthModal('sign-in');
  }, [isSignedIn]);
}
