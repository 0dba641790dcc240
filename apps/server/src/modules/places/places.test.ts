import { PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT, legMiles, placeDistanceMiles, suggestedPrice } from '@carpool/shared/distance';
import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import type { PlaceOnTheWay, PriceSuggestion } from '@carpool/shared/schemas/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { priceCapIssue } from './places.service.js';

describe('places and price suggestions', () => {
  let t: TestApp;
  let capped: TestApp;

  beforeAll(async () => {
    [t, capped] = await Promise.all([createTestApp('pglite'), createTestApp('pglite', { config: { priceCapRatio: 2 } })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), capped.close()]);
  });

  const expectInvalid = (res: { statusCode: number; json: <T>() => T }, path: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path })] });
  };

  describe('GET /api/places/on-the-way', () => {
    it('lists the places a trip passes, nearest first, with their miles from the start', async () => {
      const res = await t.call({ method: 'GET', url: '/api/places/on-the-way?from=ithaca&to=new_york_city' });
      expect(res.statusCode).toBe(200);
      const places = res.json<PlaceOnTheWay[]>();
      expect(places[0]).toEqual({ place: 'binghamton', label: 'Binghamton', miles: placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'binghamton') });
      expect(places.map((p) => p.place)).not.toContain('buffalo');
    });

    it("answers with the caller's region", async () => {
      const res = await t.call({ method: 'GET', url: '/api/places/on-the-way?from=princeton&to=midtown', region: 'nj' });
      expect(res.statusCode).toBe(200);
      expect(res.json<PlaceOnTheWay[]>().map((p) => p.place)).toContain('new_brunswick');
    });

    it('refuses a missing place, a place of another region and a trip to where it starts', async () => {
      expectInvalid(await t.call({ method: 'GET', url: '/api/places/on-the-way?from=ithaca' }), 'querystring.to');
      expectInvalid(await t.call({ method: 'GET', url: '/api/places/on-the-way?from=ithaca&to=hoboken' }), 'querystring.to');
      expectInvalid(await t.call({ method: 'GET', url: '/api/places/on-the-way?from=atlantis&to=ithaca' }), 'querystring.from');
      expectInvalid(await t.call({ method: 'GET', url: '/api/places/on-the-way?from=ithaca&to=ithaca' }), 'querystring.to');
      expectInvalid(await t.call({ method: 'GET', url: '/api/places/on-the-way?from=constructor&to=ithaca' }), 'querystring.from');
    });
  });

  describe('GET /api/rides/price-suggestion', () => {
    const suggestion = async (app: TestApp, query: string, region?: string) => {
      const res = await app.call({ method: 'GET', url: `/api/rides/price-suggestion?${query}`, region });
      expect(res.statusCode).toBe(200);
      return res.json<PriceSuggestion>();
    };

    it('suggests the price of the route at the configured rate, warns above 1.5 times it, and has no cap by default', async () => {
      const miles = placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city');
      const expected = suggestedPrice(miles, PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT);
      expect(expected).toBe(38);
      expect(await suggestion(t, 'from=ithaca&to=new_york_city')).toEqual({ miles, suggestedPrice: 38, warnAbove: 57, maxPrice: null });
    });

    it('counts the miles through the stops, comma-separated or repeated', async () => {
      const route = ['ithaca', 'binghamton', 'scranton', 'new_york_city'];
      const miles = Math.round(legMiles(specPlaceIndex('cornell'), route).reduce((a, b) => a + b, 0) * 10) / 10;
      const expected = { miles, suggestedPrice: suggestedPrice(miles, PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT) };
      expect(await suggestion(t, 'from=ithaca&to=new_york_city&stops=binghamton,scranton')).toMatchObject(expected);
      expect(await suggestion(t, 'from=ithaca&to=new_york_city&stops=binghamton&stops=scranton')).toMatchObject(expected);
      expect(await suggestion(t, 'from=ithaca&to=new_york_city&stops=')).toMatchObject({ miles: placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city') });
      expect(miles).toBeGreaterThan(placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city'));
    });

    it('gives the cap, PRICE_CAP_RATIO times the suggestion rounded down, when one is set', async () => {
      expect(await suggestion(capped, 'from=ithaca&to=new_york_city')).toMatchObject({ suggestedPrice: 38, warnAbove: 57, maxPrice: 76 });
      // A short trip: the lowest price, never a cap below the suggestion.
      expect(await suggestion(capped, 'from=princeton&to=princeton_junction', 'nj')).toMatchObject({ suggestedPrice: 1, maxPrice: 2 });
    });

    it('is not taken for a ride id, and leaves GET /api/rides/:id alone', async () => {
      const ride = await t.call({ method: 'GET', url: '/api/rides/00000000-0000-4000-8000-000000000000' });
      expect(ride.statusCode).toBe(404);
    });

    it('refuses missing places, places of another region, repeated places and too many stops', async () => {
      const url = (query: string) => ({ method: 'GET' as const, url: `/api/rides/price-suggestion?${query}` });
      expectInvalid(await t.call(url('to=ithaca')), 'querystring.from');
      expectInvalid(await t.call(url('from=ithaca&to=hoboken')), 'querystring.to');
      expectInvalid(await t.call(url('from=ithaca&to=ithaca')), 'querystring.to');
      expectInvalid(await t.call(url('from=ithaca&to=new_york_city&stops=binghamton,atlantis')), 'querystring.stops.1');
      expectInvalid(await t.call(url('from=ithaca&to=new_york_city&stops=binghamton,binghamton')), 'querystring.stops.1');
      expectInvalid(await t.call(url('from=ithaca&to=new_york_city&stops=ithaca')), 'querystring.stops.0');
      expectInvalid(await t.call(url('from=ithaca&to=new_york_city&stops=a,b,c,d,e,f')), 'querystring.stops');
    });
  });
});

describe('the price settings', () => {
  it('suggest 17.5 cents a mile and set no cap unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ priceSuggestionCentsPerMile: 17.5, priceCapRatio: null });
    expect(loadConfig({ PRICE_SUGGESTION_CENTS_PER_MILE: '20', PRICE_CAP_RATIO: '2.5' })).toMatchObject({ priceSuggestionCentsPerMile: 20, priceCapRatio: 2.5 });
    expect(() => loadConfig({ PRICE_CAP_RATIO: '1' })).toThrow(/PRICE_CAP_RATIO/);
    expect(() => loadConfig({ PRICE_CAP_RATIO: 'lots' })).toThrow(/PRICE_CAP_RATIO/);
    expect(() => loadConfig({ PRICE_SUGGESTION_CENTS_PER_MILE: '0' })).toThrow(/PRICE_SUGGESTION_CENTS_PER_MILE/);
  });

  it('tell why a price is above the cap, and nothing without one', () => {
    const miles = placeDistanceMiles(specPlaceIndex('cornell'), 'ithaca', 'new_york_city');
    const config = { priceSuggestionCentsPerMile: PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT, priceCapRatio: 2 };
    expect(priceCapIssue(config, 76, miles)).toBeNull();
    expect(priceCapIssue(config, 76.5, miles)).toBe(`The price per seat may be at most $76 for this route of ${miles} miles (2 times the suggested $38)`);
    expect(priceCapIssue({ ...config, priceCapRatio: null }, 200, miles)).toBeNull();
  });
});
