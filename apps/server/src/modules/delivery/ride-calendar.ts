import ical, { ICalEventStatus } from 'ical-generator';
import type { PlaceIndex } from '@carpool/shared/place-index';
import type { DeliveryRide } from '../../lib/delivery-channel.js';

/** A ride lasts as long as the trip; the app does not know it, so a calendar entry blocks two hours. */
const EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

export interface CalendarRide extends DeliveryRide {
  /** Absolute link to the ride in the web app. */
  url: string;
  /** 'driving' for the driver's own rides, 'booked' for a passenger's booking. */
  role: 'driving' | 'booked';
  /** The passenger's booking status ('pending' is a tentative event); absent for the driver. */
  bookingStatus?: string | null;
  /**
   * RFC 5545 SEQUENCE: grows with every change of the event (a new time, a cancellation, a booking
   * accepted), so that calendar apps replace what they hold instead of keeping the old time.
   */
  sequence?: number;
  /** The places of the ride's region, whose labels the entry shows. */
  places: Pick<PlaceIndex, 'label'>;
}

function eventStatus(ride: CalendarRide): ICalEventStatus {
  if (ride.status === 'cancelled' || ride.bookingStatus === 'cancelled') return ICalEventStatus.CANCELLED;
  if (ride.bookingStatus === 'pending') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

export function rideSummary(places: Pick<PlaceIndex, 'label'>, ride: Pick<DeliveryRide, 'fromPlace' | 'toPlace'>): string {
  return `Carpool: ${places.label(ride.fromPlace)} → ${places.label(ride.toPlace)}`;
}

/**
 * An RFC 5545 calendar of rides. DTSTART is the departure instant in UTC (the same instant in every
 * calendar app); the UID is the ride's, so a feed refresh updates the entry instead of adding one.
 */
export function buildRideCalendar(name: string, rides: CalendarRide[]): string {
  const calendar = ical({ name, prodId: { company: 'carpool', product: 'rides', language: 'EN' } });
  for (const ride of rides) {
    calendar.createEvent({
      id: `${ride.id}@carpool`,
      start: ride.departsAt,
      end: new Date(ride.departsAt.getTime() + EVENT_DURATION_MS),
      summary: rideSummary(ride.places, ride) + (ride.role === 'driving' ? ' (you drive)' : ''),
      location: ride.pickupAddress ?? ride.places.label(ride.fromPlace),
      description: ride.url,
      url: ride.url,
      status: eventStatus(ride),
      sequence: ride.sequence ?? 0,
    });
  }
  return calendar.toString();
}
