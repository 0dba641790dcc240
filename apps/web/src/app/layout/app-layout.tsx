import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PayoutStatusCheck } from '../../features/profile/components/payout-status';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { useSession } from '../../lib/session';
import { useIdle } from '../../lib/when-idle';
import { DeferredDialog } from './deferred-dialog';
import { DevSignInBanner } from './dev-sign-in-banner';
import { Footer } from './footer';
import { Header } from './header';
import { PageFallback } from './page-fallback';
import { ServiceUnavailableNotice } from './service-unavailable-notice';
import { SessionExpiryNotice } from './session-expiry-notice';

// Dialogs are loaded when first opened, not with the page (docs/decisions/web-code-splitting.md).
const loadAuthModals = () => import('../../features/auth/components/auth-modals').then((module) => module.AuthModals);
const loadPostRideModal = () => import('../../features/rides/components/post-ride-modal').then((module) => module.PostRideModal);
const loadRequestRideDialog = () =>
  import('../../features/ride-requests/components/request-ride-dialog').then((module) => module.RequestRideDialog);

// Live updates listen on the socket (socket.io-client), which only a signed-in page needs: loaded
// with it, like the header's bell; without its code the screens refresh as they did before.
const LiveRideUpdates = lazyWithReload(
  () => import('../../features/rides/components/live-ride-updates').then((module) => module.LiveRideUpdates),
  () => null,
);

// Seat counts and cancellations of the region's rides reach every visitor, signed in or not
// (docs/decisions/live-seat-counts.md); without this code the lists refresh as they did before.
const LiveSeatCounts = lazyWithReload(
  () => import('../../features/rides/components/live-seat-counts').then((module) => module.LiveSeatCounts),
  () => null,
);

// The socket's code and connection wait until the page is idle after its first paint (useIdle):
// they change nothing on it (docs/decisions/web-code-splitting.md), and the lists show what the
// server said.
function SignedInLiveUpdates() {
  const { isSignedIn } = useSession();
  const idle = useIdle();
  if (!isSignedIn || !idle) return null;
  return (
    <Suspense fallback={null}>
      <LiveRideUpdates />
    </Suspense>
  );
}

function EveryonesLiveUpdates() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <LiveSeatCounts />
    </Suspense>
  );
}

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <DevSignInBanner />
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-10">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/*
        Dialogs opened from anywhere through window events: sign-in and sign-up (open-auth-modal),
        the rides feature's post-ride dialog (open-post-ride) and the ride-requests feature's
        request dialog (open-request-ride).
      */}
      <DeferredDialog event={WINDOW_EVENTS.openAuthModal} load={loadAuthModals} />
      <DeferredDialog event={WINDOW_EVENTS.openPostRide} load={loadPostRideModal} />
      <DeferredDialog event={WINDOW_EVENTS.openRequestRide} load={loadRequestRideDialog} />
      <SessionExpiryNotice />
      <ServiceUnavailableNotice />
      <PayoutStatusCheck />
      <SignedInLiveUpdates />
      <EveryonesLiveUpdates />
    </div>
  );
}
