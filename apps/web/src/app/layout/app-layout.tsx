import { Outlet } from 'react-router';
import { AuthModals } from '../../features/auth/components/auth-modals';
import { RequestRideDialog } from '../../features/ride-requests/components/request-ride-dialog';
import { PayoutStatusCheck } from '../../features/profile/components/payout-status';
import { PostRideModal } from '../../features/rides/components/post-ride-modal';
import { Footer } from './footer';
import { Header } from './header';
import { SessionExpiryNotice } from './session-expiry-notice';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-10">
        <Outlet />
      </main>
      <Footer />
      <AuthModals />
      {/*
        Feature dialogs opened from the header mount here, each listening to its window event:
        the rides feature's post-ride dialog (open-post-ride) and the ride-requests feature's
        request dialog (open-request-ride).
      */}
      <PostRideModal />
      <RequestRideDialog />
      <SessionExpiryNotice />
      <PayoutStatusCheck />
    </div>
  );
}
