import { describe, expect, it } from 'vitest';
import { fallbackRegionOf, regionOfAddress } from './region-data';
import { regionPrefixOf, withRegionPrefix } from './region';
import { SPEC_REGION_SUMMARIES } from '@carpool/shared/fixtures/spec-regions';

const live = [SPEC_REGION_SUMMARIES.cornell, SPEC_REGION_SUMMARIES.nj, { ...SPEC_REGION_SUMMARIES.nj, slug: 'rochester', name: 'Rochester' }];

describe('region resolution', () => {
  it('takes the first path segment when it can name a region, any region', () => {
    expect(regionPrefixOf('/nj/my-rides')).toBe('nj');
    expect(regionPrefixOf('/rochester')).toBe('rochester');
    expect(regionPrefixOf('/penn-state/inbox')).toBe('penn-state');
  });

  it("never takes a page of the app's own for a region", () => {
    for (const page of ['/inbox', '/my-rides', '/login', '/admin/regions', '/profile/1', '/ride-requests', '/terms', '/sign-in/campus']) {
      expect(regionPrefixOf(page)).toBeNull();
    }
    expect(regionPrefixOf('/')).toBeNull();
    expect(regionPrefixOf('/Not_A_Slug')).toBeNull();
  });

  it('without a prefix: the stored region while it is live, else the first live one', () => {
    expect(fallbackRegionOf(live, 'rochester')).toBe('rochester');
    expect(fallbackRegionOf(live, 'archived-one')).toBe('cornell');
    expect(fallbackRegionOf(live, null)).toBe('cornell');
    expect(fallbackRegionOf([], null)).toBeNull();
  });

  it("shows a served region's pages, archived ones too, and an unknown slug's as not found in the fallback region", () => {
    const served = [...live, { ...SPEC_REGION_SUMMARIES.nj, slug: 'old-campus', status: 'archived' as const }];
    expect(regionOfAddress(served, 'rochester', null)).toEqual({ region: 'rochester', unknownPrefix: false });
    expect(regionOfAddress(served, 'old-campus', null)).toEqual({ region: 'old-campus', unknownPrefix: false });
    expect(regionOfAddress(served, 'no-such-page', 'nj')).toEqual({ region: 'nj', unknownPrefix: true });
    expect(regionOfAddress(served, null, 'old-campus')).toEqual({ region: 'cornell', unknownPrefix: false });
  });

  it('keeps the current prefix on links', () => {
    expect(withRegionPrefix('/inbox', 'nj')).toBe('/nj/inbox');
    expect(withRegionPrefix('/', 'nj')).toBe('/nj');
    expect(withRegionPrefix('inbox', null)).toBe('/inbox');
  });
});
