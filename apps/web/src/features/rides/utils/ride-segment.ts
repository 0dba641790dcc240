import { segmentPrice } from '@carpool/shared/distance';
import type { Ride, RideSegment } from '@carpool/shared/schemas/rides';
import { legRange, roomOfLegs, routeTimes } from './ride-route';

/**
 * The segment `from` -> `to` of a ride, worked out from the ride itself (its legs, stops and price)
 * the way the server works out a search's segment: the dialog follows the part a card showed on the
 * fresh copy of the ride, which the server sends whole. Null when the route no longer has it.
 */
export function rideSegment(ride: Ride, from: string, to: string): RideSegment | null {
  const range = legRange(ride, { from, to });
  if (!range || ride.legs.length !== ride.stops.length + 1) return null;
  const miles = ride.legs.map((leg) => leg.miles);
  const times = routeTimes(ride);
  const boards = times[range.from];
  const arrives = times[range.to];
  if (!boards || !arrives) return null;
  const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 10) / 10;
  return {
    from,
    to,
    date: boards.slice(0, 10),
    time: boards.slice(11, 16),
    arrivalDate: arrives.slice(0, 10),
    arrivalTime: arrives.slice(11, 16),
    price: segmentPrice(ride.price, miles, range.from, range.to),
    miles: sum(miles.slice(range.from, range.to)),
    routeMiles: sum(miles),
    ...roomOfLegs(ride.legs.slice(range.from, range.to)),
  };
}

/**
 * The ride as one looks at a range of it (a part, or all of it): `segment` is that range, worked out
 * from the ride when the server sent another one (a ride is read whole, a search sends its part).
 * The ride as it is when `range` is none or no longer on its route.
 */
export function viewRideAs(ride: Ride, range: { from: string; to: string } | null | undefined): Ride {
  if (!range || (ride.segment.from === range.from && ride.segment.to === range.to)) return ride;
  const segment = rideSegment(ride, range.from, range.to);
  return segment ? { ...ride, segment } : ride;
}
