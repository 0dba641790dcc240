import { Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { RideChatSlot } from '../../features/rides/components/ride-slots';
import { lazyWithReload } from '../../lib/lazy-with-reload';

// The chat brings socket.io-client: loaded when a ride's chat first shows, not with the page.
const RideChat = lazyWithReload(
  () => import('../../features/messages/components/ride-chat').then((module) => module.RideChat),
  () => (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      The chat could not be loaded. Reload the page to try again.
    </p>
  ),
);

/** Fills the rides feature's chat slot with the messaging feature's chat (features do not import each other). */
export const renderRideChat: RideChatSlot = (rideId, options) => (
  <Suspense
    fallback={
      <div className="flex h-40 items-center justify-center">
        <Spinner size="sm" label="Loading messages" />
      </div>
    }
  >
    <RideChat rideId={rideId} readOnlyReason={options?.readOnlyReason ?? null} />
  </Suspense>
);
