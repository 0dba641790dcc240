import { describe, expect, it } from 'vitest';
import { specPlaceIndex, type SpecRegion } from '@carpool/shared/fixtures/spec-regions';
import { readAddressedSearch, withSearchPatch } from './search-params';

const scopeOf = (region: SpecRegion) => ({ places: specPlaceIndex(region), colleges: ['cornell', 'ithaca', 'binghamton', 'syracuse'] });
const read = (search: string) => readAddressedSearch(new URLSearchParams(search), scopeOf('cornell'));

describe('the search in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(read('')).toEqual({ from: '', to: '', date: '', colleges: null, sort: 'departure', seats: 0, suitcases: 0, verifiedDrivers: false });
  });

  it("reads colleges: none said (the user's default), every one (all) or the known ones in the dropdown's order", () => {
    expect(read('colleges=all').colleges).toEqual([]);
    expect(read('colleges=syracuse&colleges=cornell&colleges=harvard').colleges).toEqual(['cornell', 'syracuse']);
  });

  it("keeps only the region's places, real days and minimums within the limits", () => {
    expect(read('from=newark&to=ithaca&date=2026-02-30&seats=8&suitcases=9')).toMatchObject({ from: '', to: 'ithaca', date: '', seats: 8, suitcases: 0 });
    expect(readAddressedSearch(new URLSearchParams('from=newark'), scopeOf('nj')).from).toBe('newark');
  });

  it('writes a change back, leaving defaults and every other parameter out of it', () => {
    const next = withSearchPatch(new URLSearchParams('ride=abc&sort=price&seats=2'), { sort: 'departure', seats: 3, colleges: [], verifiedDrivers: true, from: '' });
    expect(next.toString()).toBe('ride=abc&seats=3&colleges=all&verifiedDrivers=true');
    expect(withSearchPatch(next, { colleges: ['ithaca', 'binghamton'] }).getAll('colleges')).toEqual(['ithaca', 'binghamton']);
  });

  it('reads back what it writes', () => {
    const search = { from: 'ithaca', to: 'boston', date: '2099-01-02', colleges: ['ithaca' as const], sort: 'price' as const, seats: 1, suitcases: 2, verifiedDrivers: true };
    expect(readAddressedSearch(withSearchPatch(new URLSearchParams(), search), scopeOf('cornell'))).toEqual(search);
  });
});
