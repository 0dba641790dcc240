import { MAX_PRICE, MIN_PRICE } from './constants.js';
import type { PlaceIndex, PlacePoint } from './place-index.js';

/**
 * Road miles per straight-line mile. Ballou, Rahardja and Sakai ("Selected country circuity factors
 * for road travel distance estimation", Transportation Research Part A 36, 2002) measured about
 * 1.20 for the United States; the roads of our regions bend a little more round lakes, ridges and
 * rivers: Ithaca to New York City is about 223 road miles for 175.5 straight (1.27), Ithaca to
 * Buffalo 153 for 125 (1.22), Princeton to Newark 45 for 37 (1.22), and a dozen such routes have a
 * median near 1.24. 1.25 is that median, rounded.
 */
const ROAD_FACTOR = 1.25;

/**
 * Door-to-door average speed of an intercity trip, in miles per hour, for the estimated arrival at
 * a stop or the destination: highway stretches at 55 to 65 mph, slowed by towns, traffic and a
 * short break (Ithaca to New York City, about 223 road miles, is some four hours at the wheel and
 * four and a half with a stop).
 */
const AVERAGE_SPEED_MPH = 50;

/** A place is on the way when going through it adds at most this share of the direct distance. */
const ON_THE_WAY_MAX_DETOUR = 0.15;

/**
 * The default suggested price per seat, in cents per road mile: the IRS standard mileage rate for
 * business use of a car in 2025 (70 cents a mile, IRS Notice 2025-5), which counts the whole cost
 * of running a car (fuel, maintenance, tyres, insurance, depreciation), shared by the four people
 * of a full carpool (the driver and three passengers): 70 / 4 = 17.5. Ithaca to New York City
 * (about 219 miles here) is then $38 a seat. Operators may change it (PRICE_SUGGESTION_CENTS_PER_MILE).
 */
export const PRICE_SUGGESTION_CENTS_PER_MILE_DEFAULT = 17.5;

/**
 * What driving alone costs a mile, in cents: the whole IRS rate above (70 cents, IRS Notice
 * 2025-5), which the profile's "money saved" sets against what a shared seat cost.
 */
export const DRIVING_ALONE_CENTS_PER_MILE = 70;

/** A price above this many times the suggestion gets a visible warning on the post form. */
export const PRICE_WARNING_RATIO = 1.5;

/**
 * Kilograms of CO2 a typical passenger vehicle emits per mile: about 400 grams, per the US EPA's
 * "Greenhouse Gas Emissions from a Typical Passenger Vehicle" (EPA-420-F-23-014, 2023).
 */
export const CO2_KG_PER_MILE = 0.4;

/** Mean radius of the Earth (IUGG), in miles. */
const EARTH_RADIUS_MILES = 3958.8;

const RADIANS_PER_DEGREE = Math.PI / 180;

function coordinatesOf(places: PlaceIndex, place: string): PlacePoint {
  const found = places.get(place);
  if (!found) throw new Error(`"${place}" is not a place of the region`);
  return found;
}

/** Great-circle (haversine) distance between two places times ROAD_FACTOR, in miles, to 0.1. */
export function placeDistanceMiles(places: PlaceIndex, a: string, b: string): number {
  const from = coordinatesOf(places, a);
  const to = coordinatesOf(places, b);
  if (a === b) return 0;
  const dLat = (to.lat - from.lat) * RADIANS_PER_DEGREE;
  const dLng = (to.lng - from.lng) * RADIANS_PER_DEGREE;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RADIANS_PER_DEGREE) * Math.cos(to.lat * RADIANS_PER_DEGREE) * Math.sin(dLng / 2) ** 2;
  const straight = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(straight * ROAD_FACTOR * 10) / 10;
}

/** The miles of each leg of a route (its places in order): one number fewer than places. */
export function legMiles(places: PlaceIndex, route: readonly string[]): number[] {
  return route.slice(1).map((place, index) => placeDistanceMiles(places, route[index]!, place));
}

/** Rounds to the cent first, so that 14.000000000000002 dollars is 14 and not 15 once rounded up. */
const toCents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * The price per seat, in dollars, of the segment from route point `fromIndex` to route point
 * `toIndex` (it covers legs fromIndex .. toIndex - 1): the whole route's `price` times the
 * segment's share of the route's miles (of its legs when the route has no length), rounded up to
 * the dollar and at least 1. The whole route costs `price` itself.
 */
export function segmentPrice(price: number, legs: readonly number[], fromIndex: number, toIndex: number): number {
  if (!Number.isInteger(fromIndex) || !Number.isInteger(toIndex) || fromIndex < 0 || toIndex > legs.length || fromIndex >= toIndex) {
    throw new RangeError(`No segment from point ${fromIndex} to point ${toIndex} of a route of ${legs.length} legs`);
  }
  if (fromIndex === 0 && toIndex === legs.length) return price;
  const total = legs.reduce((sum, miles) => sum + miles, 0);
  const share =
    total > 0 ? legs.slice(fromIndex, toIndex).reduce((sum, miles) => sum + miles, 0) / total : (toIndex - fromIndex) / legs.length;
  return Math.max(1, Math.ceil(toCents(price * share)));
}

/** Minutes a trip of this many miles takes at AVERAGE_SPEED_MPH, rounded up. */
export function estimatedTravelMinutes(miles: number): number {
  return Math.ceil(toCents((miles * 60) / AVERAGE_SPEED_MPH));
}

/**
 * The places of the region (other than the two ends) that a trip from `from` to `to` passes: those
 * through which the trip is at most ON_THE_WAY_MAX_DETOUR longer. Nearest to `from` first; `miles`
 * is the distance from `from`.
 */
export function placesOnTheWay(places: PlaceIndex, from: string, to: string): { place: string; label: string; miles: number }[] {
  const direct = placeDistanceMiles(places, from, to);
  const found: { place: string; label: string; miles: number }[] = [];
  for (const { slug, label } of places.list) {
    if (slug === from || slug === to) continue;
    const miles = placeDistanceMiles(places, from, slug);
    const detour = miles + placeDistanceMiles(places, slug, to) - direct;
    if (detour <= ON_THE_WAY_MAX_DETOUR * direct) found.push({ place: slug, label, miles });
  }
  return found.sort((a, b) => a.miles - b.miles || a.label.localeCompare(b.label));
}

/** A price per seat for a trip of this many miles, in whole dollars between MIN_PRICE and MAX_PRICE. */
export function suggestedPrice(miles: number, centsPerMile: number): number {
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round((miles * centsPerMile) / 100)));
}
