import { describe, expect, it } from 'vitest';
import { BINGHAMTON_TO_NYC, rideFixture, rideWithStopsFixture } from '../test/ride-fixture';
import { isPartOfRide } from './ride-part';
import { legRange, routePlaces, routeTimes, segmentPriceRule, segmentToSend } from './ride-route';
import { rideSegment, viewRideAs } from './ride-segment';

describe('the route of a ride with stops', () => {
  const ride = rideWithStopsFixture();

  it('lists its points and when the ride is at each, the destination by the estimate of the whole ride', () => {
    expect(routePlaces(ride)).toEqual(['ithaca', 'binghamton', 'scranton', 'new_york_city']);
    expect(routeTimes(ride)).toEqual(['2099-03-12T14:30:00.000Z', '2099-03-12T15:30:00.000Z', '2099-03-12T16:45:00.000Z', '2099-03-12T18:30:00.000Z']);
    // A search's part that ends before the destination says nothing of the arrival there.
    expect(routeTimes({ ...ride, segment: { ...BINGHAMTON_TO_NYC, to: 'scranton' } }).at(-1)).toBeNull();
  });

  it('finds the legs of a range in route order only', () => {
    expect(legRange(ride, { from: 'binghamton', to: 'new_york_city' })).toEqual({ from: 1, to: 3 });
    expect(legRange(ride, { from: 'ithaca', to: 'binghamton' })).toEqual({ from: 0, to: 1 });
    expect(legRange(ride, { from: 'scranton', to: 'binghamton' })).toBeNull();
    expect(legRange(ride, { from: 'buffalo', to: 'new_york_city' })).toBeNull();
  });

  it('works out a part as a search answers it: boarding and arrival times, the room of its legs, its share of the price', () => {
    expect(rideSegment(ride, 'binghamton', 'new_york_city')).toEqual(BINGHAMTON_TO_NYC);
    expect(rideSegment(ride, 'ithaca', 'binghamton')).toEqual({
      from: 'ithaca',
      to: 'binghamton',
      date: '2099-03-12',
      time: '14:30',
      arrivalDate: '2099-03-12',
      arrivalTime: '15:30',
      // 38 x 50 / 230 = 8.26, rounded up to the dollar.
      price: 9,
      miles: 50,
      routeMiles: 230,
      seatsAvailable: 1,
      suitcasesAvailable: 2,
    });
    expect(rideSegment(ride, 'ithaca', 'new_york_city')).toEqual(ride.segment);
    expect(rideSegment(ride, 'new_york_city', 'ithaca')).toBeNull();
  });

  it('views the ride as a part, and leaves it as it is for no range or one off its route', () => {
    expect(viewRideAs(ride, BINGHAMTON_TO_NYC).segment).toEqual(BINGHAMTON_TO_NYC);
    expect(viewRideAs(ride, null)).toBe(ride);
    expect(viewRideAs(ride, { from: 'buffalo', to: 'new_york_city' })).toBe(ride);
    const part = { ...ride, segment: BINGHAMTON_TO_NYC };
    expect(viewRideAs(part, { from: 'binghamton', to: 'new_york_city' })).toBe(part);
  });

  it('states the rule of a part\'s price and sends a part\'s ends only', () => {
    expect(segmentPriceRule(38, BINGHAMTON_TO_NYC)).toBe('$30 of $38: 78 % of the distance');
    expect(segmentPriceRule(38, { price: 14, miles: 85, routeMiles: 230 })).toBe('$14 of $38: 37 % of the distance');
    expect(segmentToSend({ ...ride, segment: BINGHAMTON_TO_NYC })).toEqual({ from: 'binghamton', to: 'new_york_city' });
    expect(segmentToSend(ride)).toEqual({});
    expect(isPartOfRide(ride, BINGHAMTON_TO_NYC)).toBe(true);
    expect(isPartOfRide(rideFixture(), rideFixture().segment)).toBe(false);
  });
});
