import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import { describe, expect, it } from 'vitest';
import { rideWithStopsFixture } from '../test/ride-fixture';
import {
  PAST_DEPARTURE_ERROR,
  POST_RIDE_DEFAULTS,
  editRideFormValues,
  estimatedStopTime,
  postRideFormSchema,
  postedRideMessage,
  toCreateRideBody,
  toUpdateRideBody,
  type PostRideFormValues,
} from './post-ride-form';

const filled: PostRideFormValues = {
  ...POST_RIDE_DEFAULTS,
  from: 'ithaca',
  to: 'new_york_city',
  date: '2030-01-15',
  time: '21:30',
  totalSeats: '3',
  totalSuitcases: '2',
  price: '25.5',
  notes: ['No smoking'],
};

describe('post ride form', () => {
  it('sends the UTC day and time and the poster zone', () => {
    expect(toCreateRideBody(filled, 'America/New_York')).toMatchObject({
      date: '2030-01-16',
      time: '02:30',
      totalSeats: 3,
      totalSuitcases: 2,
      price: 25.5,
      timezone: 'America/New_York',
    });
  });

  /** The form fields the schema reports, each with its message. */
  function errorsOf(values: PostRideFormValues, now?: () => Date): Record<string, string> {
    const result = postRideFormSchema('America/New_York', now).safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('sends a return trip in UTC only when asked for, and refuses one before the departure', () => {
    expect(toCreateRideBody({ ...filled, returnDate: '2030-01-17', returnTime: '08:00' }, 'America/New_York')).not.toHaveProperty('returnTrip');
    const withReturn = { ...filled, returnTrip: true, returnDate: '2030-01-17', returnTime: '20:00' };
    expect(toCreateRideBody(withReturn, 'America/New_York')).toMatchObject({ returnTrip: { date: '2030-01-18', time: '01:00' } });
    expect(errorsOf(withReturn)).toEqual({});
    expect(errorsOf({ ...withReturn, returnDate: '2030-01-15' })).toEqual({ returnTime: 'Choose a return day and time after the departure.' });
    expect(errorsOf({ ...withReturn, returnDate: '' })).toEqual({ returnDate: 'Choose a return day and time after the departure.' });
  });

  it('accepts a complete form and hands over the parsed body', () => {
    const result = postRideFormSchema('America/New_York').safeParse(filled);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ date: '2030-01-16', time: '02:30', pickupAddress: null, notes: ['No smoking'] });
  });

  it("puts the shared schema's rules on the form fields, in the form's words", () => {
    expect(errorsOf({ ...filled, to: 'ithaca', price: '0.5', time: '', totalSeats: '9' })).toEqual({
      to: 'Choose a destination other than the departure.',
      price: 'The price must be from $1 to $200, with at most 2 decimals.',
      time: 'Choose the departure time.',
      totalSeats: 'Seats must be a whole number from 1 to 8.',
    });
    expect(errorsOf({ ...filled, pickupAddress: 'Collegetown', pickupLat: 42.44, pickupLng: null })).toEqual({
      pickupAddress: 'Choose the address again from the suggestions.',
    });
  });

  it('refuses a departure that has passed before anything is sent, as the server would', () => {
    const now = () => new Date('2030-01-16T02:30:00.000Z');
    expect(errorsOf(filled, now)).toEqual({ time: PAST_DEPARTURE_ERROR });
    expect(errorsOf({ ...filled, time: '21:31' }, now)).toEqual({});
  });

  it('sends "Repeat weekly" as local weekdays and until, checked by the shared schema', () => {
    // Tuesday 2030-01-15, 21:30 in New York (already Wednesday in UTC).
    const weekly = { ...filled, repeat: true, repeatWeekdays: [4, 2], repeatUntil: '2030-03-01' };
    expect(toCreateRideBody(weekly, 'America/New_York')).toMatchObject({ date: '2030-01-16', repeat: { weekdays: [2, 4], until: '2030-03-01' } });
    expect(toCreateRideBody(filled, 'America/New_York')).not.toHaveProperty('repeat');
    expect(errorsOf(weekly)).toEqual({});
    // 26 weeks after the first ride is 2030-07-16.
    expect(errorsOf({ ...weekly, repeatUntil: '2030-07-16' })).toEqual({});
    const fieldsOf = (values: Partial<PostRideFormValues>) => Object.keys(errorsOf({ ...weekly, ...values }));
    expect(fieldsOf({ repeatUntil: '2030-07-17' })).toEqual(['repeatUntil']);
    expect(fieldsOf({ repeatUntil: '2030-01-14' })).toEqual(['repeatUntil']);
    expect(fieldsOf({ repeatUntil: '' })).toEqual(['repeatUntil']);
    expect(fieldsOf({ repeatWeekdays: [] })).toEqual(['repeatWeekdays']);
    expect(errorsOf({ ...weekly, repeatWeekdays: [4] })).toEqual({ repeatWeekdays: 'Choose the weekdays, including the day of the first ride.' });
  });

  it('says how many rides a weekly ride created', () => {
    expect(postedRideMessage({}, 'Your ride has been posted.')).toBe('Your ride has been posted.');
    expect(postedRideMessage({ occurrencesCreated: 9 }, 'x')).toBe('Your weekly ride has been posted: 9 rides created.');
    expect(postedRideMessage({ occurrencesCreated: 1, returnOccurrencesCreated: 1 }, 'x')).toBe('Your weekly ride has been posted: 1 ride and 1 ride back created.');
  });
});

describe('post ride form: stops', () => {
  // Tuesday 2030-01-15, 21:30 in New York: 02:30 UTC on the 16th.
  const stop = (place: string, date: string, time: string) => ({ place, date, time, estimated: false });
  const withStops = (...stops: PostRideFormValues['stops']) => ({ ...filled, stops });
  function errorsOf(values: PostRideFormValues): Record<string, string> {
    const result = postRideFormSchema('America/New_York').safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it("sends each stop's local day and time in UTC, like the departure", () => {
    const values = withStops(stop('binghamton', '2030-01-15', '22:30'), stop('scranton', '2030-01-15', '23:45'));
    expect(toCreateRideBody(values, 'America/New_York')).toMatchObject({
      stops: [
        { place: 'binghamton', date: '2030-01-16', time: '03:30' },
        { place: 'scranton', date: '2030-01-16', time: '04:45' },
      ],
    });
    expect(errorsOf(values)).toEqual({});
    expect(toCreateRideBody(filled, 'America/New_York')).toMatchObject({ stops: [] });
  });

  it("puts the shared rules of stops under the stop's own field", () => {
    expect(errorsOf(withStops(stop('binghamton', '2030-01-15', '21:00')))).toEqual({ 'stops.0.time': 'Must be after the departure.' });
    expect(errorsOf(withStops(stop('binghamton', '2030-01-15', '22:30'), stop('scranton', '2030-01-15', '22:00')))).toEqual({
      'stops.1.time': 'Must be after the previous stop.',
    });
    expect(errorsOf(withStops(stop('binghamton', '2030-01-15', '22:30'), stop('binghamton', '2030-01-15', '23:00')))).toEqual({
      'stops.1.place': 'Is already a stop of this ride.',
    });
    expect(errorsOf(withStops(stop('new_york_city', '2030-01-15', '22:30')))).toEqual({ 'stops.0.place': 'Must differ from the departure place and the destination.' });
    expect(errorsOf(withStops(stop('binghamton', '2030-01-16', '21:30')))).toEqual({ 'stops.0.time': 'Must be within 24 hours of the departure.' });
    expect(errorsOf(withStops(stop('', '', '')))).toEqual({
      'stops.0.place': 'Choose the place of the stop.',
      'stops.0.date': 'Choose the day of the stop.',
      'stops.0.time': 'Choose the time of the stop.',
    });
  });

  it('estimates when the ride reaches a stop from the road miles through the stops before it', () => {
    const values = { ...filled, date: '2099-03-13', time: '17:30', stops: [stop('binghamton', '', ''), stop('scranton', '', ''), stop('', '', '')] };
    // Ithaca -> Binghamton is 47.3 road miles (57 minutes); on to Scranton 61.7 more (131 in all).
    expect(estimatedStopTime(specPlaceIndex('cornell'), values, 0, 'America/New_York')).toEqual({ date: '2099-03-13', time: '18:27' });
    expect(estimatedStopTime(specPlaceIndex('cornell'), values, 1, 'America/New_York')).toEqual({ date: '2099-03-13', time: '19:41' });
    expect(estimatedStopTime(specPlaceIndex('cornell'), values, 2, 'America/New_York')).toBeNull();
    expect(estimatedStopTime(specPlaceIndex('cornell'), { ...values, time: '' }, 0, 'America/New_York')).toBeNull();
    expect(estimatedStopTime(specPlaceIndex('nj'), values, 0, 'America/New_York')).toBeNull();
  });

  it("prefills an edit with the ride's stops in the viewer's zone, and sends stops only when they changed", () => {
    const ride = rideWithStopsFixture();
    const values = editRideFormValues(ride, 'America/New_York');
    expect(values.stops).toEqual([stop('binghamton', '2099-03-12', '11:30'), stop('scranton', '2099-03-12', '12:45')]);
    const body = postRideFormSchema('America/New_York').parse({ ...values, price: '38' });
    expect(toUpdateRideBody(ride, body)).toEqual({});
    const fewer = postRideFormSchema('America/New_York').parse({ ...values, price: '38', stops: values.stops.slice(1) });
    expect(toUpdateRideBody(ride, fewer)).toEqual({ stops: [{ place: 'scranton', date: '2099-03-12', time: '16:45' }] });
    const none = postRideFormSchema('America/New_York').parse({ ...values, price: '38', stops: [] });
    expect(toUpdateRideBody(ride, none)).toEqual({ stops: [] });
  });
});
