import { placesOnTheWay } from '@carpool/shared/distance';
import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import { isPlaceOf } from '@carpool/shared/fixtures/spec-places';
import { RIDE_STOP_WITHIN_HOURS } from '@carpool/shared/schemas/rides';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/stats.js';
import { SEEDED_STOPS_MAX, STOP_RIDE_SHARE } from './ride-stops.js';
import { drawRides, legSeatsOf } from './seed-data.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const DRIVERS = Array.from({ length: 50 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
const COUNT = 6_000;

describe("the bench seed's stops", () => {
  const rides = drawRides(seededRandom(7), DRIVERS, NOW, COUNT);

  it('puts 1 to 3 stops on about a third of the rides', () => {
    const withStops = rides.stops.filter(Boolean).length;
    expect(withStops / COUNT).toBeGreaterThan(STOP_RIDE_SHARE - 0.03);
    expect(withStops / COUNT).toBeLessThan(STOP_RIDE_SHARE + 0.03);
    const counts = new Set(rides.stops.flatMap((stops) => (stops ? [stops.places.length] : [])));
    expect([...counts].sort()).toEqual(Array.from({ length: SEEDED_STOPS_MAX }, (_, index) => index + 1));
  });

  it('draws stops that the post form would accept: places on the way, in order, each after the last and within the window', () => {
    rides.stops.forEach((stops, index) => {
      if (!stops) return;
      const region = rides.region[index]!;
      const onTheWay = placesOnTheWay(specPlaceIndex(region), rides.from_place[index]!, rides.to_place[index]!).map((candidate) => candidate.place);
      expect(new Set(stops.places).size).toBe(stops.places.length);
      let previous = Date.parse(rides.departs_at[index]!);
      const latest = previous + RIDE_STOP_WITHIN_HOURS * 3_600_000;
      stops.places.forEach((place, stop) => {
        expect(isPlaceOf(region, place)).toBe(true);
        expect(place).not.toBe(rides.from_place[index]);
        expect(place).not.toBe(rides.to_place[index]);
        // Nearest to the departure first: the order of the suggestions.
        if (stop > 0) expect(onTheWay.indexOf(place)).toBeGreaterThan(onTheWay.indexOf(stops.places[stop - 1]!));
        expect(onTheWay).toContain(place);
        expect(stops.times[stop]).toBeGreaterThan(previous);
        expect(stops.times[stop]).toBeLessThan(latest);
        previous = stops.times[stop]!;
      });
    });
  });

  it('gives every passenger a range of the route and never holds a leg beyond its seats', () => {
    rides.passengers.forEach((passengers, index) => {
      const legs = (rides.stops[index]?.places.length ?? 0) + 1;
      for (const held of passengers) {
        expect(held.first).toBeGreaterThanOrEqual(0);
        expect(held.end).toBeGreaterThan(held.first);
        expect(held.end).toBeLessThanOrEqual(legs);
      }
      for (const free of legSeatsOf(rides.total_seats[index]!, legs, passengers)) {
        expect(free).toBeGreaterThanOrEqual(0);
        expect(free).toBeLessThanOrEqual(rides.total_seats[index]!);
      }
    });
  });

  it('is the same every time', () => {
    const again = drawRides(seededRandom(7), DRIVERS, NOW, COUNT);
    expect(again.stops).toEqual(rides.stops);
    expect(again.passengers).toEqual(rides.passengers);
    expect(again.from_place).toEqual(rides.from_place);
  });
});
