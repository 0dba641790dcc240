import { Suspense } from 'react';
import { HomePage } from '../../features/rides/components/home-page';
import { SubscriptionBanner } from '../../features/subscription/components/subscription-banner';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { useSession } from '../../lib/session';
import { renderRideChat } from './ride-chat-slot';
import { renderHomeRequests } from './ride-requests-slots';

// Only a signed-in user can have reviews due; the floating button (fixed, so nothing moves when it
// comes) is loaded for them alone.
const PendingReviewsButton = lazyWithReload(
  () => import('../../features/profile/components/pending-reviews-button').then((module) => module.PendingReviewsButton),
  () => null,
);

function SignedInPendingReviews() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <PendingReviewsButton />
    </Suspense>
  );
}

/**
 * The home page (spec section 2) composes three features, which must not import each other:
 * the rides page, the pending-review button (signed in) and the newsletter banner (signed out).
 */
export function HomeRoute() {
  return (
    <>
      <HomePage chatSlot={renderRideChat} requestsPanel={renderHomeRequests} />
      <SubscriptionBanner />
      <SignedInPendingReviews />
    </>
  );
}
