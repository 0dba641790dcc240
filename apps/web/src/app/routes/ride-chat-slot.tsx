import { RideChat } from '../../features/messages/components/ride-chat';
import type { RideChatSlot } from '../../features/rides/components/ride-slots';

/** Fills the rides feature's chat slot with the messaging feature's chat (features do not import each other). */
export const renderRideChat: RideChatSlot = (rideId) => <RideChat rideId={rideId} />;
