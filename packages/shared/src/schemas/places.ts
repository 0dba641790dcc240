import { z } from 'zod';
import { PlaceValueSchema, RIDE_STOPS_MAX } from './rides.js';

/** GET /api/places/on-the-way: the two ends of a trip, places of the caller's region. */
export const OnTheWayQuery = z.object({ from: PlaceValueSchema, to: PlaceValueSchema });
export type OnTheWayQuery = z.infer<typeof OnTheWayQuery>;

/** A place a trip passes, with its road distance from the trip's start. */
const PlaceOnTheWayDto = z.object({ place: z.string(), label: z.string(), miles: z.number() });
export type PlaceOnTheWay = z.infer<typeof PlaceOnTheWayDto>;

export const PlacesOnTheWayDto = z.array(PlaceOnTheWayDto);

/** `stops=a,b`, or `stops=a&stops=b`, or both: one list of place values in route order. */
const StopsQuery = z.preprocess(
  (value) => {
    if (value === undefined) return [];
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])).filter((item) => item !== '');
  },
  z.array(PlaceValueSchema).max(RIDE_STOPS_MAX, `at most ${RIDE_STOPS_MAX} stops`),
);

/** GET /api/rides/price-suggestion: a route's ends and its stops (optional, in route order). */
export const PriceSuggestionQuery = z.object({ from: PlaceValueSchema, to: PlaceValueSchema, stops: StopsQuery });
export type PriceSuggestionQuery = z.input<typeof PriceSuggestionQuery>;

/**
 * The suggested price per seat of a route, in whole dollars: `miles` through its stops, the
 * suggestion, the price above which the post form warns, and the highest price the server accepts
 * (null when the operator set no cap).
 */
export const PriceSuggestionDto = z.object({
  miles: z.number(),
  suggestedPrice: z.number().int(),
  warnAbove: z.number().int(),
  maxPrice: z.number().int().nullable(),
});
export type PriceSuggestion = z.infer<typeof PriceSuggestionDto>;
