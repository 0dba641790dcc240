import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import type { MyBooking, MyWaitlistEntry, Ride, RideLeg, RidePassenger, RideSegment } from '@carpool/shared/schemas/rides';

/** A booking, passenger or waiting entry whose range may be left out: it then covers the whole ride. */
type WithRange<T extends { from: string; to: string }> = Omit<T, 'from' | 'to'> & Partial<Pick<T, 'from' | 'to'>>;

export type RideOverrides = Partial<Omit<Ride, 'myBooking' | 'passengers' | 'myWaitlistEntry'>> & {
  myBooking?: WithRange<MyBooking> | null;
  passengers?: WithRange<RidePassenger>[];
  myWaitlistEntry?: WithRange<MyWaitlistEntry> | null;
};

/** The road miles of each leg of a fixture ride, unless a test gives its legs. */
const LEG_MILES = 100;
/** How long a fixture ride takes to its destination, unless a test gives its segment. */
const TRIP_MINUTES = 240;

function utcParts(at: number): { date: string; time: string } {
  const iso = new Date(at).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The legs of a route, each with the ride's whole-ride counts (a ride nobody booked a part of), and
 * the whole ride as a segment: what the API answers when no search asked for a part.
 */
function wholeRide(ride: Omit<Ride, 'legs' | 'segment'>, legs?: RideLeg[]): { legs: RideLeg[]; segment: RideSegment } {
  const route = [ride.from, ...ride.stops.map((stop) => stop.place), ride.to];
  const routeLegs =
    legs ??
    route.slice(1).map((to, index) => ({ from: route[index]!, to, miles: LEG_MILES, seatsAvailable: ride.seatsAvailable, suitcasesAvailable: ride.suitcasesAvailable }));
  const routeMiles = routeLegs.reduce((sum, leg) => sum + leg.miles, 0);
  const arrival = utcParts(Date.parse(ride.departsAt) + TRIP_MINUTES * 60_000);
  return {
    legs: routeLegs,
    segment: {
      from: ride.from,
      to: ride.to,
      date: ride.date,
      time: ride.time,
      arrivalDate: arrival.date,
      arrivalTime: arrival.time,
      price: ride.price,
      miles: routeMiles,
      routeMiles,
      seatsAvailable: Math.min(...routeLegs.map((leg) => leg.seatsAvailable)),
      suitcasesAvailable: Math.min(...routeLegs.map((leg) => leg.suitcasesAvailable)),
    },
  };
}

/**
 * An upcoming cornell ride as the API answers it; tests override what they are about. By default
 * it has no stops, one leg equal to the ride, the whole ride as its segment, and bookings, waiting
 * entries and passengers that board and leave at the ride's ends.
 */
export function rideFixture(overrides: RideOverrides = {}): Ride {
  const { legs, segment, myBooking, passengers, myWaitlistEntry, ...rest } = overrides;
  const ride = {
    id: '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b',
    region: 'cornell' as const,
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
    status: 'active' as const,
    driver: { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Grace Hopper', info: '', avatar: null, avatarColor: null, college: 'cornell' as const, driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES },
    messages: [],
    messageCount: 0,
    canDelete: false,
    editedAt: null,
    waitingCount: 0,
    seriesId: null,
    stops: [],
    ...rest,
  };
  const ends = { from: ride.from, to: ride.to };
  const whole = wholeRide({ ...ride, passengers: [], myBooking: null, myWaitlistEntry: null }, legs);
  return {
    ...ride,
    legs: whole.legs,
    segment: segment ?? whole.segment,
    passengers: (passengers ?? []).map((passenger) => ({ ...ends, ...passenger })),
    myBooking: myBooking ? { ...ends, ...myBooking } : null,
    myWaitlistEntry: myWaitlistEntry ? { ...ends, ...myWaitlistEntry } : null,
  };
}

/**
 * Ithaca -> Binghamton -> Scranton -> New York City for $38 (3 legs of 50, 60 and 120 miles; 1, 3
 * and 2 seats free), read whole. Departs 14:30 UTC, stops at 15:30 and 16:45, arrives about 18:30.
 */
export function rideWithStopsFixture(overrides: RideOverrides = {}): Ride {
  const legs: RideLeg[] = [
    { from: 'ithaca', to: 'binghamton', miles: 50, seatsAvailable: 1, suitcasesAvailable: 2 },
    { from: 'binghamton', to: 'scranton', miles: 60, seatsAvailable: 3, suitcasesAvailable: 2 },
    { from: 'scranton', to: 'new_york_city', miles: 120, seatsAvailable: 2, suitcasesAvailable: 1 },
  ];
  return rideFixture({
    from: 'ithaca',
    to: 'new_york_city',
    price: 38,
    seatsAvailable: 1,
    suitcasesAvailable: 1,
    stops: [
      { place: 'binghamton', date: '2099-03-12', time: '15:30', departsAt: '2099-03-12T15:30:00.000Z' },
      { place: 'scranton', date: '2099-03-12', time: '16:45', departsAt: '2099-03-12T16:45:00.000Z' },
    ],
    legs,
    ...overrides,
  });
}

/** The Binghamton -> New York City part of rideWithStopsFixture, as a search for it answers: legs 2 and 3. */
export const BINGHAMTON_TO_NYC: RideSegment = {
  from: 'binghamton',
  to: 'new_york_city',
  date: '2099-03-12',
  time: '15:30',
  arrivalDate: '2099-03-12',
  arrivalTime: '18:30',
  price: 30,
  miles: 180,
  routeMiles: 230,
  seatsAvailable: 2,
  suitcasesAvailable: 1,
};
