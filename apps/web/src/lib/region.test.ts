import { describe, expect, it } from 'vitest';
import { regionPrefixOf, resolveRegion, withRegionPrefix } from './region';

describe('region resolution', () => {
  it('takes the first path segment when it names a region', () => {
    expect(resolveRegion('/nj/my-rides', 'cornell')).toBe('nj');
    expect(resolveRegion('/cornell', 'nj')).toBe('cornell');
  });

  it('falls back to the stored region, then cornell', () => {
    expect(resolveRegion('/my-rides', 'nj')).toBe('nj');
    expect(resolveRegion('/mars/inbox', null)).toBe('cornell');
    expect(resolveRegion('/', null)).toBe('cornell');
  });

  it('only a whole first segment is a prefix', () => {
    expect(regionPrefixOf('/njx')).toBeNull();
    expect(regionPrefixOf('/inbox/nj')).toBeNull();
    expect(regionPrefixOf('/nj')).toBe('nj');
  });

  it('keeps the current prefix on links', () => {
    expect(withRegionPrefix('/inbox', 'nj')).toBe('/nj/inbox');
    expect(withRegionPrefix('/', 'nj')).toBe('/nj');
    expect(withRegionPrefix('inbox', null)).toBe('/inbox');
  });
});
