import { PRICE_WARNING_RATIO, legMiles, placesOnTheWay, suggestedPrice } from '@carpool/shared/distance';
import { MAX_PRICE } from '@carpool/shared/constants';
import type { PlaceIndex } from '@carpool/shared/place-index';
import type { OnTheWayQuery, PlaceOnTheWay, PriceSuggestion } from '@carpool/shared/schemas/places';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

type PriceConfig = Pick<Config, 'priceSuggestionCentsPerMile' | 'priceCapRatio'>;

function invalidQuery(field: string, message: string): AppError {
  const path = `querystring.${field}`;
  return new AppError('VALIDATION_FAILED', `Invalid request: ${path} ${message}`, [{ path, message }]);
}

/**
 * The places of a route, checked against the region: `from`, the stops in order, then `to`, each
 * a place of the region and none twice (the rules of a ride's stops).
 */
function routeOf(places: PlaceIndex, from: string, to: string, stops: readonly string[] = []): string[] {
  const named: [string, string][] = [['from', from], ...stops.map((stop, index): [string, string] => [`stops.${index}`, stop]), ['to', to]];
  const seen = new Set<string>();
  for (const [field, place] of named) {
    if (!places.has(place)) throw invalidQuery(field, `"${place}" is not a place of this region`);
    if (seen.has(place)) throw invalidQuery(field, field === 'to' && place === from ? 'must differ from `from`' : `"${place}" is already on the route`);
    seen.add(place);
  }
  return named.map(([, place]) => place);
}

/** GET /api/places/on-the-way: the places a trip passes, nearest to its start first. */
export function findPlacesOnTheWay(places: PlaceIndex, query: OnTheWayQuery): PlaceOnTheWay[] {
  routeOf(places, query.from, query.to);
  return placesOnTheWay(places, query.from, query.to);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The highest price per seat the operator accepts for a suggestion: null without PRICE_CAP_RATIO. */
function priceCapOf(config: PriceConfig, suggestion: number): number | null {
  if (config.priceCapRatio === null) return null;
  return Math.min(MAX_PRICE, Math.max(suggestion, Math.floor(suggestion * config.priceCapRatio)));
}

/** GET /api/rides/price-suggestion: the route's miles through its stops, the suggestion, the warning and the cap. */
export function suggestRidePrice(config: PriceConfig, places: PlaceIndex, query: { from: string; to: string; stops: readonly string[] }): PriceSuggestion {
  const route = routeOf(places, query.from, query.to, query.stops);
  const miles = Math.round(sum(legMiles(places, route)) * 10) / 10;
  const suggestion = suggestedPrice(miles, config.priceSuggestionCentsPerMile);
  return {
    miles,
    suggestedPrice: suggestion,
    warnAbove: Math.round(suggestion * PRICE_WARNING_RATIO),
    maxPrice: priceCapOf(config, suggestion),
  };
}

/**
 * Why a ride's price per seat is refused for a route of `routeMiles` (the sum of its legs): above
 * the cap of PRICE_CAP_RATIO. Null when it is accepted, and always without a cap. The ride post and
 * edit answer 400 PRICE_ABOVE_CAP with this message.
 */
export function priceCapIssue(config: PriceConfig, price: number, routeMiles: number): string | null {
  const suggestion = suggestedPrice(routeMiles, config.priceSuggestionCentsPerMile);
  const cap = priceCapOf(config, suggestion);
  if (cap === null || price <= cap) return null;
  return `The price per seat may be at most $${cap} for this route of ${routeMiles} miles (${config.priceCapRatio} times the suggested $${suggestion})`;
}
