import { describe, expect, it } from 'vitest';
import { PLACE_COORDINATES } from './place-coordinates.js';
import { PLACES } from './places.js';
import { REGIONS, type BuiltInRegion } from './regions.js';

/** Generous boxes round each region: a point outside is a town of the same name elsewhere. */
const REGION_BOUNDS: Record<BuiltInRegion, { south: number; north: number; west: number; east: number }> = {
  // Washington DC to Toronto, Chicago to Boston.
  cornell: { south: 38.5, north: 44.5, west: -88.5, east: -70.5 },
  // Cape May to Vernon, the Lehigh Valley to New Haven and Long Island.
  nj: { south: 38.8, north: 41.6, west: -75.8, east: -72.5 },
};

/** Kilometres between two points (haversine), to check the data against known positions. */
function kilometres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('place coordinates', () => {
  it.each(REGIONS)('gives every place of %s a point inside the region, and nothing else', (region) => {
    const bounds = REGION_BOUNDS[region];
    expect(Object.keys(PLACE_COORDINATES[region]).sort()).toEqual(PLACES[region].map((place) => place.value).sort());
    for (const { value } of PLACES[region]) {
      const { lat, lng } = PLACE_COORDINATES[region][value]!;
      expect({ value, lat }).toEqual({ value, lat: expect.toSatisfy((x: number) => x >= bounds.south && x <= bounds.north) });
      expect({ value, lng }).toEqual({ value, lng: expect.toSatisfy((x: number) => x >= bounds.west && x <= bounds.east) });
    }
  });

  it('puts known towns, the ones whose names are common elsewhere too, within 10 km of where they are', () => {
    const known: [BuiltInRegion, string, number, number][] = [
      ['cornell', 'ithaca', 42.444, -76.5019],
      ['cornell', 'toronto', 43.6532, -79.3832],
      ['cornell', 'washington_dc', 38.9072, -77.0369],
      ['nj', 'princeton', 40.3573, -74.6672],
      ['nj', 'newark', 40.7357, -74.1724],
      ['nj', 'hoboken', 40.744, -74.0324],
      ['nj', 'union', 40.6953, -74.2654],
      ['nj', 'clinton', 40.6368, -74.9099],
      ['nj', 'dover', 40.884, -74.5621],
      ['nj', 'hamilton', 40.2115, -74.6797],
      ['nj', 'springfield', 40.7043, -74.3218],
      ['nj', 'voorhees', 39.8454, -74.9635],
      ['nj', 'allentown', 40.6023, -75.4714],
    ];
    for (const [region, place, lat, lng] of known) {
      expect({ place, km: kilometres(PLACE_COORDINATES[region][place]!, { lat, lng }) < 10 }).toEqual({ place, km: true });
    }
  });
});
