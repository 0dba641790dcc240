import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { testUser } from '../../../test/fake-server';

export const otherPassenger = {
  id: '1b7c2f0e-5a3d-4e8b-9c6f-0d2e4a6b8c10',
  name: 'Grace Brewster Hopper',
  avatar: null,
  avatarColor: 'avatar-color-2',
  college: 'cornell' as const,
  reviewCount: 3,
  averageRating: 4.7,
  driverVerified: false,
};

/** A request as a signed-in viewer gets it from the server, posted by someone else. */
export function rideRequest(overrides: Partial<RideRequest> = {}): RideRequest {
  return {
    id: '3f1e0c8a-9b7d-4c2e-8a6f-1d3b5c7e9f01',
    from: 'ithaca',
    to: 'new_york_city',
    date: '2030-03-14',
    time: '03:30',
    departsAt: '2030-03-14T03:30:00.000Z',
    seatsNeeded: 2,
    suitcasesNeeded: 3,
    notes: ['Happy to split gas'],
    userId: otherPassenger.id,
    preferredPickupAddress: 'Collegetown bus stop',
    preferredPickupLat: null,
    preferredPickupLng: null,
    preferredDropoffAddress: 'Port Authority',
    preferredDropoffLat: null,
    preferredDropoffLng: null,
    timezone: 'America/New_York',
    createdAt: '2030-03-01T12:00:00.000Z',
    postedTime: '5 minutes ago',
    passenger: otherPassenger,
    isOwn: false,
    ...overrides,
  };
}

/** The same request as the signed-out viewer gets it: nobody named. */
export function anonymousView(request: RideRequest): RideRequest {
  return { ...request, passenger: null, userId: null, isOwn: false };
}

export function ownRequest(overrides: Partial<RideRequest> = {}): RideRequest {
  return rideRequest({
    id: '7a9c1e3b-5d7f-4a1c-9e3b-5d7f9a1c3e50',
    userId: testUser.id,
    passenger: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: 'avatar-color-1', college: 'cornell', reviewCount: 0, averageRating: null, driverVerified: false },
    isOwn: true,
    ...overrides,
  });
}
