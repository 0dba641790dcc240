import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE, MIN_PRICE } from './constants.js';
import {
  PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT,
  estimatedTravelMinutes,
  legMiles,
  placeDistanceMiles,
  placesOnTheWay,
  segmentPrice,
  suggestedPrice,
} from './distance.js';
import { specPlaceIndex } from './fixtures/spec-regions.js';
import { PLACES } from './fixtures/spec-places.js';
import { SPEC_REGIONS } from './fixtures/spec-regions.js';

describe('placeDistanceMiles', () => {
  it.each(SPEC_REGIONS)('is symmetric, positive between distinct places and 0 from a place to itself (%s)', (region) => {
    const values = PLACES[region].map((place) => place.value);
    for (const a of values) {
      expect(placeDistanceMiles(specPlaceIndex(region), a, a)).toBe(0);
      for (const b of values) {
        if (a === b) continue;
        const there = placeDistanceMiles(specPlaceIndex(region), a, b);
        expect({ a, b, there }).toEqual({ a, b, there: placeDistanceMiles(specPlaceIndex(region), b, a) });
        expect(there).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the triangle inequality, up to the rounding to 0.1 mile', () => {
    for (const region of SPEC_REGIONS) {
      const place = fc.constantFrom(...PLACES[region].map((p) => p.value));
      fc.assert(
        fc.property(place, place, place, (a, b, c) => {
          expect(placeDistanceMiles(specPlaceIndex(region), a, c)).toBeLessThanOrEqual(placeDistanceMiles(specPlaceIndex(region), a, b) + placeDistanceMiles(specPlaceIndex(region), b, c) + 0.2);
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('is near the road distance of known trips, in miles to 0.1', () => {
    // Road miles by the usual highways: Ithaca to New York City about 223, Princeton to Newark about 45.
    expect(placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city')).toBeCloseTo(219.4, 1);
    expect(placeDistanceMiles(specPlaceIndex('nj'), 'princeton', 'newark')).toBeGreaterThan(40);
    expect(placeDistanceMiles(specPlaceIndex('nj'), 'princeton', 'newark')).toBeLessThan(50);
  });

  it('refuses a place the region does not have', () => {
    expect(() => placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'atlantis')).toThrow(/"atlantis" is not a place of the region/);
    expect(() => placeDistanceMiles(specPlaceIndex('cornell'), 'hoboken', 'hoboken')).toThrow(/hoboken/);
    expect(() => placeDistanceMiles(specPlaceIndex('nj'), 'constructor', 'newark')).toThrow(/constructor/);
  });
});

describe('legMiles', () => {
  it('gives the miles of each leg, one fewer than the places', () => {
    expect(legMiles(specPlaceIndex('cornell'), ['ithaca', 'binghamton', 'new_york_city'])).toEqual([
      placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'binghamton'),
      placeDistanceMiles(specPlaceIndex('cornell'), 'binghamton', 'new_york_city'),
    ]);
    expect(legMiles(specPlaceIndex('cornell'), ['ithaca'])).toEqual([]);
  });
});

describe('placesOnTheWay', () => {
  it('suggests Binghamton, not Buffalo, from Ithaca to New York City, nearest first', () => {
    const found = placesOnTheWay(specPlaceIndex('cornell'), 'ithaca', 'new_york_city');
    const places = found.map((stop) => stop.place);
    expect(places).toContain('binghamton');
    expect(places).toContain('scranton');
    expect(places).not.toContain('buffalo');
    expect(places).not.toContain('ithaca');
    expect(places).not.toContain('new_york_city');
    expect(found[0]).toEqual({ place: 'binghamton', label: 'Binghamton', miles: placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'binghamton') });
    expect(found.map((stop) => stop.miles)).toEqual([...found.map((stop) => stop.miles)].sort((a, b) => a - b));
  });

  it('keeps only places whose detour is at most 15 % of the direct distance', () => {
    const direct = placeDistanceMiles(specPlaceIndex('nj'), 'princeton', 'midtown');
    const found = placesOnTheWay(specPlaceIndex('nj'), 'princeton', 'midtown');
    expect(found.map((stop) => stop.place)).toContain('new_brunswick');
    expect(found.map((stop) => stop.place)).not.toContain('trenton');
    for (const { place } of found) {
      expect(placeDistanceMiles(specPlaceIndex('nj'), 'princeton', place) + placeDistanceMiles(specPlaceIndex('nj'), place, 'midtown') - direct).toBeLessThanOrEqual(0.15 * direct);
    }
  });
});

describe('segmentPrice', () => {
  it("charges the segment's share of the route's miles, and the whole route its price", () => {
    expect(segmentPrice(40, [10, 30], 0, 1)).toBe(10);
    expect(segmentPrice(40, [10, 30], 1, 2)).toBe(30);
    expect(segmentPrice(40, [10, 30], 0, 2)).toBe(40);
    expect(segmentPrice(37.5, [10, 30], 0, 2)).toBe(37.5);
    expect(segmentPrice(60, [10, 20, 30], 1, 3)).toBe(50);
  });

  it('rounds up to the dollar, but not for the error of floating point', () => {
    expect(segmentPrice(10, [1, 2], 0, 1)).toBe(4);
    expect(segmentPrice(10, [1, 2], 1, 2)).toBe(7);
    // 4 x 2.1 / 2.8 is 3.0000000000000004 in floating point: the share is 3 dollars exactly.
    expect(segmentPrice(4, [2.1, 0.7], 0, 1)).toBe(3);
  });

  it('asks at least 1 dollar, and shares by legs when the route has no length', () => {
    expect(segmentPrice(20, [0, 10], 0, 1)).toBe(1);
    expect(segmentPrice(5, [0.1, 999.9], 0, 1)).toBe(1);
    expect(segmentPrice(10, [0, 0], 0, 1)).toBe(5);
    expect(segmentPrice(10, [0, 0, 0], 1, 2)).toBe(4);
  });

  it('refuses a segment that is not one of the route', () => {
    expect(() => segmentPrice(10, [1, 2], 1, 1)).toThrow(RangeError);
    expect(() => segmentPrice(10, [1, 2], 2, 1)).toThrow(RangeError);
    expect(() => segmentPrice(10, [1, 2], -1, 1)).toThrow(RangeError);
    expect(() => segmentPrice(10, [1, 2], 0, 3)).toThrow(RangeError);
  });
});

describe('estimatedTravelMinutes', () => {
  it('rounds the minutes at the average speed up', () => {
    expect(estimatedTravelMinutes(0)).toBe(0);
    expect(estimatedTravelMinutes(50)).toBe(60);
    expect(estimatedTravelMinutes(219.4)).toBe(264);
    expect(estimatedTravelMinutes(0.1)).toBe(1);
  });
});

describe('suggestedPrice', () => {
  it('is the miles at the rate, in whole dollars between the lowest and the highest price', () => {
    expect(suggestedPrice(placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city'), PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT)).toBe(38);
    expect(suggestedPrice(100, 20)).toBe(20);
    expect(suggestedPrice(0.5, 17.5)).toBe(MIN_PRICE);
    expect(suggestedPrice(5000, 17.5)).toBe(MAX_PRICE);
  });
});
