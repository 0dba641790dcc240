import { describe, expect, it } from 'vitest';
import { PLACES, isPlaceOf, placeLabel } from './places.js';

describe('places', () => {
  it('has the 19 cornell places of the specification', () => {
    expect(PLACES.cornell).toHaveLength(19);
    expect(isPlaceOf('cornell', 'new_york_city')).toBe(true);
    expect(isPlaceOf('cornell', 'hoboken')).toBe(false);
  });

  it('has about 150 nj places with unique slugs, Brooklyn spelt correctly', () => {
    expect(PLACES.nj.length).toBeGreaterThanOrEqual(150);
    const values = PLACES.nj.map((p) => p.value);
    expect(new Set(values).size).toBe(values.length);
    expect(PLACES.nj.find((p) => p.value === 'brooklyn')?.label).toBe('Brooklyn');
    expect(isPlaceOf('nj', 'gwb_manhattan')).toBe(true);
  });

  it('labels each place by the rule, but for the names it would misspell', () => {
    const label = (value: string) => [...PLACES.cornell, ...PLACES.nj].find((p) => p.value === value)?.label;
    expect(label('new_york_city')).toBe('New York City');
    expect(label('upper_saddle_river')).toBe('Upper Saddle River');
    expect(label('washington_dc')).toBe('Washington DC');
    expect(label('gwb_manhattan')).toBe('GWB (Manhattan)');
    expect(label('jfk_airport')).toBe('JFK Airport');
    expect(label('laguardia_airport')).toBe('LaGuardia Airport');
    expect(PLACES.nj.slice(0, 3)).toEqual([
      { value: 'aberdeen', label: 'Aberdeen' },
      { value: 'asbury_park', label: 'Asbury Park' },
      { value: 'atlantic_city', label: 'Atlantic City' },
    ]);
  });

  it('labels unknown values by capitalising words and replacing underscores', () => {
    expect(placeLabel('washington_dc')).toBe('Washington DC');
    expect(placeLabel('some_far_town')).toBe('Some Far Town');
  });
});
