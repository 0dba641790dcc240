import { describe, expect, it } from 'vitest';
import { REQUEST_RIDE_FORM_DEFAULTS, requestRideFormSchema, toCreateRideRequestBody, wordRequestMessage } from './request-form';

const zone = 'America/New_York';
const now = () => new Date('2026-03-10T12:00:00Z');
const schema = requestRideFormSchema(zone, now);

const valid = {
  ...REQUEST_RIDE_FORM_DEFAULTS,
  from: 'ithaca',
  to: 'boston',
  preferredPickupAddress: '  Collegetown bus stop ',
  preferredDropoffAddress: 'South Station',
  date: '2026-03-13',
  time: '23:30',
  seatsNeeded: 2,
  suitcasesNeeded: 3,
  note: '  Flexible by an hour  ',
};

function messages(values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('requestRideFormSchema', () => {
  it('starts with one seat and one suitcase (spec section 9 defaults)', () => {
    expect(REQUEST_RIDE_FORM_DEFAULTS.seatsNeeded).toBe(1);
    expect(REQUEST_RIDE_FORM_DEFAULTS.suitcasesNeeded).toBe(1);
  });

  it('requires from, to, both addresses, date and time (spec section 5)', () => {
    expect(messages(REQUEST_RIDE_FORM_DEFAULTS)).toEqual({
      from: 'is required',
      to: 'is required',
      preferredPickupAddress: 'is required',
      preferredDropoffAddress: 'is required',
      date: 'is required',
      time: 'is required',
    });
  });

  it('accepts a complete request', () => {
    expect(messages(valid)).toEqual({});
  });

  it('keeps seats and suitcases between 1 and 8', () => {
    expect(Object.keys(messages({ ...valid, seatsNeeded: 0, suitcasesNeeded: 9 }))).toEqual(['seatsNeeded', 'suitcasesNeeded']);
    expect(messages({ ...valid, seatsNeeded: 8, suitcasesNeeded: 1 })).toEqual({});
  });

  it('refuses the same place twice and a departure that has passed', () => {
    expect(messages({ ...valid, to: 'ithaca' })).toEqual({ to: 'must differ from the departure place' });
    expect(messages({ ...valid, date: '2026-03-10', time: '07:59' })).toEqual({ time: 'must be in the future' });
    expect(messages({ ...valid, date: '2026-03-10', time: '08:01' })).toEqual({});
  });
});

describe('toCreateRideRequestBody', () => {
  it('sends the local date and time in UTC with the zone they were typed in', () => {
    expect(toCreateRideRequestBody(valid, zone)).toEqual({
      from: 'ithaca',
      to: 'boston',
      date: '2026-03-14',
      time: '03:30',
      seatsNeeded: 2,
      suitcasesNeeded: 3,
      notes: ['Flexible by an hour'],
      preferredPickupAddress: 'Collegetown bus stop',
      preferredDropoffAddress: 'South Station',
      preferredPickupLat: null,
      preferredPickupLng: null,
      preferredDropoffLat: null,
      preferredDropoffLng: null,
      timezone: zone,
    });
  });

  it('sends no note for an empty notes box', () => {
    expect(toCreateRideRequestBody({ ...valid, note: '   ' }, zone).notes).toEqual([]);
  });
});

describe('wordRequestMessage', () => {
  it("puts the field's label before a message worded to follow a name", () => {
    expect(wordRequestMessage('date', 'is required')).toBe('Date is required');
    expect(wordRequestMessage('preferredPickupAddress', 'is not a place of the nj region')).toBe('Pickup address is not a place of the nj region');
    expect(wordRequestMessage('seatsNeeded', 'Must be at most 8.')).toBe('Must be at most 8.');
    expect(wordRequestMessage('preferredPickupLat', 'must be at most 90')).toBe('must be at most 90');
  });
});
