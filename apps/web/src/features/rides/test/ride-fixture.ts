import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import type { Ride } from '@carpool/shared/schemas/rides';

/** An upcoming cornell ride as the API answers it; tests override what they are about. */
export function rideFixture(overrides: Partial<Ride> = {}): Ride {
  return {
    id: '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b',
    region: 'cornell',
    from: 'ithaca',
    to: 'boston',
    date: '2099-03-12',
    time: '14:30',
    departsAt: '2099-03-12T14:30:00.000Z',
    price: 25,
    seatsAvailable: 3,
    totalSeats: 4,
    suitcasesAvailable: 2,
    totalSuitcases: 3,
    notes: [],
    postedTime: 'just now',
    createdAt: '2026-03-01T10:00:00.000Z',
    pickupAddress: null,
    pickupLat: null,
    pickupLng: null,
    dropoffAddress: null,
    dropoffLat: null,
    dropoffLng: null,
    timezone: 'America/New_York',
    status: 'active',
    driver: { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Grace Hopper', info: '', avatar: null, avatarColor: null, college: 'cornell', driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES },
    messages: [],
    messageCount: 0,
    passengers: [],
    canDelete: false,
    myBooking: null,
    editedAt: null,
    waitingCount: 0,
    myWaitlistEntry: null,
    seriesId: null,
    ...overrides,
  };
}
