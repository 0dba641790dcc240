import { RideListDto, type Ride } from '@carpool/shared/schemas/rides';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { encode, toJSONSchema, z } from 'zod';
import { nullableInsteadOfAnyOf, responseSerializerCompiler } from './response-serializer.js';

const RIDE: Ride = {
  id: '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
  region: 'cornell',
  from: 'ithaca',
  to: 'nyc',
  date: '2026-12-01',
  time: '14:00',
  departsAt: '2026-12-01T14:00:00.000Z',
  price: 25,
  seatsAvailable: 2,
  totalSeats: 3,
  suitcasesAvailable: 1,
  totalSuitcases: 2,
  notes: ['Leaving from the Commons'],
  postedTime: '2 days ago',
  createdAt: '2026-11-25T10:00:00.000Z',
  pickupAddress: null,
  pickupLat: null,
  pickupLng: null,
  dropoffAddress: 'Penn Station',
  dropoffLat: 40.75,
  dropoffLng: -73.99,
  timezone: 'America/New_York',
  status: 'active',
  driver: {
    id: '1c7d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4',
    name: 'Dana Driver',
    info: 'Cornell',
    avatar: null,
    avatarColor: '#b31b1b',
    college: 'cornell',
    driverVerified: true,
    preferences: { okayWithChatting: true, okayWithAnimals: false, okayWithMusic: true, okayWithSmoking: false },
    reviewCount: 3,
    averageRating: 4.67,
  },
  messages: [],
  messageCount: 0,
  passengers: [],
  canDelete: false,
  myBooking: { id: '2d8e3f40-5162-4c7d-8e8f-90a1b2c3d4e5', status: 'pending', seats: 1, suitcases: 0, from: 'ithaca', to: 'binghamton' },
  editedAt: null,
  waitingCount: 0,
  myWaitlistEntry: null,
  seriesId: null,
  stops: [{ place: 'binghamton', date: '2026-11-28', time: '16:00', departsAt: '2026-11-28T16:00:00.000Z' }],
  legs: [
    { from: 'ithaca', to: 'binghamton', miles: 55.1, seatsAvailable: 2, suitcasesAvailable: 1 },
    { from: 'binghamton', to: 'new_york_city', miles: 172.4, seatsAvailable: 3, suitcasesAvailable: 2 },
  ],
  segment: {
    from: 'ithaca',
    to: 'new_york_city',
    date: '2026-11-28',
    time: '15:00',
    arrivalDate: '2026-11-28',
    arrivalTime: '19:27',
    price: 25,
    miles: 227.5,
    routeMiles: 227.5,
    seatsAvailable: 2,
    suitcasesAvailable: 1,
  },
};

/** Every anyOf left anywhere in a JSON Schema. */
function unionsOf(schema: unknown): unknown[] {
  if (Array.isArray(schema)) return schema.flatMap(unionsOf);
  if (typeof schema !== 'object' || schema === null) return [];
  const own = 'anyOf' in schema ? [schema.anyOf] : [];
  return [...own, ...Object.values(schema).flatMap(unionsOf)];
}

describe('response serializer', () => {
  it('writes zod nullables as nullable, so that fast-json-stringify writes no anyOf (no run-time validation)', () => {
    const jsonSchema = toJSONSchema(RideListDto, { target: 'draft-7', io: 'output' });
    expect(unionsOf(jsonSchema).length).toBeGreaterThan(0);
    const rewritten = nullableInsteadOfAnyOf(jsonSchema);
    expect(unionsOf(rewritten)).toEqual([]);
    const { properties } = (rewritten as { items: { properties: Record<string, Record<string, unknown>> } }).items;
    expect(properties.seriesId).toMatchObject({ type: 'string', format: 'uuid', nullable: true });
    expect(properties.driver).toMatchObject({ type: 'object', nullable: true });
    expect(properties.driver!.properties).toMatchObject({ college: { type: 'string', nullable: true } });
  });

  it('leaves a union of two types, or of a type and null with keywords of its own, as it is', () => {
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(nullableInsteadOfAnyOf(union)).toEqual(union);
    const withRef = { anyOf: [{ $ref: '#/definitions/x' }, { type: 'null' }] };
    expect(nullableInsteadOfAnyOf(withRef)).toEqual(withRef);
    // A default or a const stays in its union: lifted to the property, a default would be written
    // for a missing value, and a const would refuse null.
    const withDefault = { anyOf: [{ type: 'string', default: 'd' }, { type: 'null' }] };
    expect(nullableInsteadOfAnyOf(withDefault)).toEqual(withDefault);
    const withConst = { anyOf: [{ type: 'string', const: 'c' }, { type: 'null' }] };
    expect(nullableInsteadOfAnyOf(withConst)).toEqual(withConst);
    // An enum takes null among its values, so that a validation inside a union still accepts it.
    expect(nullableInsteadOfAnyOf({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] })).toEqual({
      type: 'string',
      enum: ['a', 'b', null],
      nullable: true,
    });
    // Data is not a schema: an enum's values stay as they are.
    const data = { enum: [{ anyOf: [{ type: 'string' }, { type: 'null' }] }] };
    expect(nullableInsteadOfAnyOf(data)).toEqual(data);
  });

  it("writes what zod writes for rides with and without their nullable parts, and only the schema's properties", () => {
    const write = responseSerializerCompiler({ checkAgainstZod: false })({ schema: RideListDto, method: 'GET', url: '/api/rides/getall', httpStatus: '200' });
    const signedOut: Ride = { ...RIDE, driver: null, myBooking: null };
    const waiting: Ride = {
      ...RIDE,
      seriesId: '3e9f4051-6273-4d8e-9f90-a1b2c3d4e5f6',
      editedAt: '2026-11-26T09:30:00.000Z',
      driver: { ...RIDE.driver!, college: null, averageRating: null },
      myBooking: null,
      myWaitlistEntry: { position: 2, seats: 1, suitcases: 1, from: 'ithaca', to: 'new_york_city', createdAt: '2026-11-26T08:00:00.000Z' },
    };
    const rides = [RIDE, signedOut, waiting].map((ride) => ({ ...ride, leaked: 'not in the schema' }));
    const written = write(rides);
    expect(JSON.parse(written)).toEqual(encode(RideListDto, rides));
    expect(written).not.toContain('leaked');
  });

  it('writes a missing optional value with a default as zod does: not at all', () => {
    const schema = z.object({ a: z.string().default('d').nullable().optional() });
    const write = responseSerializerCompiler({ checkAgainstZod: false })({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(JSON.parse(write({}))).toEqual(encode(schema, {}));
    expect(write({ a: null })).toBe('{"a":null}');
  });

  it('is what makes the difference: the same schema with its anyOfs validates nullable values at run time', () => {
    // A value that matches no branch of an anyOf is refused by the anyOf writer (ajv ran); the
    // nullable writer does not look at it. The check against zod outside production covers that.
    const schema = toJSONSchema(z.object({ id: z.uuid().nullable() }), { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0];
    expect(() => fastJson(schema)({ id: 'not a uuid' })).toThrow();
    expect(fastJson(nullableInsteadOfAnyOf(schema) as Parameters<typeof fastJson>[0])({ id: 'not a uuid' })).toBe('{"id":"not a uuid"}');
  });
});
