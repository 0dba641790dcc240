import { describe, expect, it } from 'vitest';
import { PAST_DEPARTURE_ERROR, POST_RIDE_DEFAULTS, postRideResolver, postedRideMessage, toCreateRideBody, type PostRideFormValues } from './post-ride-form';

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

  it('sends a return trip in UTC only when asked for, and refuses one before the departure', async () => {
    expect(toCreateRideBody({ ...filled, returnDate: '2030-01-17', returnTime: '08:00' }, 'America/New_York')).not.toHaveProperty('returnTrip');
    const withReturn = { ...filled, returnTrip: true, returnDate: '2030-01-17', returnTime: '20:00' };
    expect(toCreateRideBody(withReturn, 'America/New_York')).toMatchObject({ returnTrip: { date: '2030-01-18', time: '01:00' } });
    const resolve = postRideResolver(() => 'America/New_York');
    const ok = await resolve(withReturn, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
    const before = await resolve({ ...withReturn, returnDate: '2030-01-15' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(before.errors)).toEqual(['returnTrip']);
  });

  it('accepts a complete form and hands over the parsed body', async () => {
    const result = await postRideResolver(() => 'America/New_York')(filled, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ date: '2030-01-16', time: '02:30', pickupAddress: null, notes: ['No smoking'] });
  });

  it('puts the shared schema errors on the form fields', async () => {
    const result = await postRideResolver(() => 'America/New_York')(
      { ...filled, to: 'ithaca', price: '0.5', time: '', totalSeats: '9' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(Object.keys(result.errors).sort()).toEqual(['price', 'time', 'to', 'totalSeats']);
  });
  it('refuses a departure that has passed before anything is sent, as the server would', async () => {
    const now = () => new Date('2030-01-16T02:30:00.000Z');
    const options = { fields: {}, shouldUseNativeValidation: false };
    const atNow = await postRideResolver(() => 'America/New_York', now)(filled, undefined, options);
    expect(atNow.errors).toEqual({ time: { type: 'past', message: PAST_DEPARTURE_ERROR } });
    const aMinuteLater = await postRideResolver(() => 'America/New_York', now)({ ...filled, time: '21:31' }, undefined, options);
    expect(aMinuteLater.errors).toEqual({});
  });

  it('sends "Repeat weekly" as local weekdays and until, checked by the shared schema', async () => {
    // Tuesday 2030-01-15, 21:30 in New York (already Wednesday in UTC).
    const weekly = { ...filled, repeat: true, repeatWeekdays: [4, 2], repeatUntil: '2030-03-01' };
    expect(toCreateRideBody(weekly, 'America/New_York')).toMatchObject({ date: '2030-01-16', repeat: { weekdays: [2, 4], until: '2030-03-01' } });
    expect(toCreateRideBody(filled, 'America/New_York')).not.toHaveProperty('repeat');
    const resolve = postRideResolver(() => 'America/New_York');
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect((await resolve(weekly, undefined, options)).errors).toEqual({});
    // 26 weeks after the first ride is 2030-07-16.
    expect((await resolve({ ...weekly, repeatUntil: '2030-07-16' }, undefined, options)).errors).toEqual({});
    const errorsOf = async (values: Partial<PostRideFormValues>) => {
      const result = await resolve({ ...weekly, ...values }, undefined, options);
      return Object.keys((result.errors as { repeat?: object }).repeat ?? {});
    };
    expect(await errorsOf({ repeatUntil: '2030-07-17' })).toEqual(['until']);
    expect(await errorsOf({ repeatUntil: '2030-01-14' })).toEqual(['until']);
    expect(await errorsOf({ repeatUntil: '' })).toEqual(['until']);
    expect(await errorsOf({ repeatWeekdays: [] })).toEqual(['weekdays']);
    expect(await errorsOf({ repeatWeekdays: [4] })).toEqual(['weekdays']);
  });

  it('says how many rides a weekly ride created', () => {
    expect(postedRideMessage({}, 'Your ride has been posted.')).toBe('Your ride has been posted.');
    expect(postedRideMessage({ occurrencesCreated: 9 }, 'x')).toBe('Your weekly ride has been posted: 9 rides created.');
    expect(postedRideMessage({ occurrencesCreated: 1, returnOccurrencesCreated: 1 }, 'x')).toBe('Your weekly ride has been posted: 1 ride and 1 ride back created.');
  });
});
