import { formatPostedTime } from '@carpool/shared/posted-time';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { fileUrl, ratingSummaryOf } from '../users/users.mapper.js';
import type { RideRequestWithRequester } from './ride-requests.repository.js';

/**
 * The API shape of a request. `viewerId` is null for a signed-out caller, who gets neither the
 * passenger nor the userId: the spec shows them a prompt "to view passenger details" instead.
 */
export function toRideRequestDto({ request, requester }: RideRequestWithRequester, viewerId: string | null, now: Date): RideRequest {
  const iso = request.departsAt.toISOString();
  const signedIn = viewerId !== null;
  return {
    id: request.id,
    from: request.fromPlace,
    to: request.toPlace,
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
    departsAt: iso,
    seatsNeeded: request.seatsNeeded,
    suitcasesNeeded: request.suitcasesNeeded,
    notes: request.notes,
    userId: signedIn ? request.userId : null,
    preferredPickupAddress: request.preferredPickupAddress,
    preferredPickupLat: request.preferredPickupLat,
    preferredPickupLng: request.preferredPickupLng,
    preferredDropoffAddress: request.preferredDropoffAddress,
    preferredDropoffLat: request.preferredDropoffLat,
    preferredDropoffLng: request.preferredDropoffLng,
    timezone: request.timezone,
    createdAt: request.createdAt.toISOString(),
    postedTime: formatPostedTime(request.createdAt, now),
    passenger: signedIn
      ? {
          id: requester.id,
          name: requester.name,
          avatar: fileUrl(requester.avatarFileId),
          avatarColor: requester.avatarColor,
          college: requester.college,
          ...ratingSummaryOf(requester),
          driverVerified: requester.driverVerified,
        }
      : null,
    isOwn: signedIn && viewerId === request.userId,
  };
}
