import type { Ride, RideLeg, RideSegment } from '@carpool/shared/schemas/rides';
import { formatPrice } from './ride-labels';
import { isPartOfRide, utcInstant } from './ride-part';

type RouteOf = Pick<Ride, 'from' | 'to' | 'stops'>;

/** The points of a ride's route in order: its departure place, its stops, its destination. */
export function routePlaces(ride: RouteOf): string[] {
  return [ride.from, ...ride.stops.map((stop) => stop.place), ride.to];
}

/**
 * The indexes in the route of a range's ends: its legs are `from` up to `to` - 1. Null when the
 * route does not pass the two places in that order (a ride edited since).
 */
export function legRange(ride: RouteOf, range: { from: string; to: string }): { from: number; to: number } | null {
  const places = routePlaces(ride);
  const from = places.indexOf(range.from);
  const to = places.lastIndexOf(range.to);
  return from >= 0 && to > from ? { from, to } : null;
}

/** The room of a range of legs: the smallest free seats and suitcases over them. */
export function roomOfLegs(legs: readonly Pick<RideLeg, 'seatsAvailable' | 'suitcasesAvailable'>[]): { seatsAvailable: number; suitcasesAvailable: number } {
  return {
    seatsAvailable: Math.min(...legs.map((leg) => leg.seatsAvailable)),
    suitcasesAvailable: Math.min(...legs.map((leg) => leg.suitcasesAvailable)),
  };
}

/**
 * When the ride is at each point of its route (UTC instants). The destination's is the server's
 * estimate, known when the ride's segment ends there; null otherwise.
 */
export function routeTimes(ride: Pick<Ride, 'departsAt' | 'stops' | 'segment' | 'to'>): (string | null)[] {
  const arrival = ride.segment.to === ride.to ? utcInstant(ride.segment.arrivalDate, ride.segment.arrivalTime) : null;
  // One spelling of an instant (the API's may carry an offset), so that its UTC day and time slice out.
  return [ride.departsAt, ...ride.stops.map((stop) => stop.departsAt), arrival].map((at) => (at === null ? null : new Date(at).toISOString()));
}

/**
 * The `from` and `to` a booking or a waiting-list request sends for the segment looked at: none for
 * the whole ride, which is the API's default (and what a server without stopovers understands).
 */
export function segmentToSend(ride: Pick<Ride, 'from' | 'to' | 'segment'>): { from?: string; to?: string } {
  return isPartOfRide(ride, ride.segment) ? { from: ride.segment.from, to: ride.segment.to } : {};
}

/** "$14 of $38: 37 % of the distance": how a segment's price follows from the ride's. */
export function segmentPriceRule(ridePrice: number, segment: Pick<RideSegment, 'price' | 'miles' | 'routeMiles'>): string {
  const share = segment.routeMiles > 0 ? Math.round((segment.miles / segment.routeMiles) * 100) : 100;
  return `${formatPrice(segment.price)} of ${formatPrice(ridePrice)}: ${share} % of the distance`;
}
