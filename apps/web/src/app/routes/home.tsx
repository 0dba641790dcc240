import { PendingReviewsButton } from '../../features/profile/components/pending-reviews-button';
import { HomePage } from '../../features/rides/components/home-page';
import { SubscriptionBanner } from '../../features/subscription/components/subscription-banner';
import { renderRideChat } from './ride-chat-slot';
import { renderHomeRequests } from './ride-requests-slots';

/**
 * The home page (spec section 2) composes three features, which must not import each other:
 * the rides page, the pending-review button (signed in) and the newsletter banner (signed out).
 */
export function HomeRoute() {
  return (
    <>
      <HomePage chatSlot={renderRideChat} requestsPanel={renderHomeRequests} />
      <SubscriptionBanner />
      <PendingReviewsButton />
    </>
  );
}
