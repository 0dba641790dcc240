import type { Ride, RideSegment } from '@carpool/shared/schemas/rides';

/*
 * What a ride card needs of a ride's segment, on its own: the home page loads it with its first
 * screen, and the rest of the route's arithmetic (ride-route.ts) only with the dialogs and My Rides.
 */

/** Whether a range (a segment, a booking, a waiting entry) is a part of the ride rather than all of it. */
export function isPartOfRide(ride: Pick<Ride, 'from' | 'to'>, range: { from: string; to: string }): boolean {
  return range.from !== ride.from || range.to !== ride.to;
}

/** A UTC day and time of the API as an instant. */
export function utcInstant(date: string, time: string): string {
  return `${date}T${time}:00.000Z`;
}

/** When a segment boards and arrives, as instants the card and the dialog write in the viewer's zone. */
export function segmentTimes(segment: Pick<RideSegment, 'date' | 'time' | 'arrivalDate' | 'arrivalTime'>): { boards: string; arrives: string } {
  return { boards: utcInstant(segment.date, segment.time), arrives: utcInstant(segment.arrivalDate, segment.arrivalTime) };
}
