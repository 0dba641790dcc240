import { OnTheWayQuery, PlacesOnTheWayDto, PriceSuggestionDto, PriceSuggestionQuery } from '@carpool/shared/schemas/places';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findPlacesOnTheWay, suggestRidePrice } from './places.service.js';

export async function placesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/places/on-the-way',
    {
      schema: {
        operationId: 'findPlacesOnTheWay',
        tags: ['rides'],
        summary:
          'Places of the region a trip from `from` to `to` passes (a detour of at most 15 % of the direct distance), nearest to `from` first, with their road miles from `from`: the stops the post form suggests',
        querystring: OnTheWayQuery,
        response: { 200: PlacesOnTheWayDto },
      },
    },
    async (request) => findPlacesOnTheWay(app.deps.regions.placesOf(request.region), request.query),
  );

  // A static path: the router prefers it to GET /api/rides/:id whatever the order of registration.
  r.get(
    '/api/rides/price-suggestion',
    {
      schema: {
        operationId: 'suggestRidePrice',
        tags: ['rides'],
        summary:
          'The suggested price per seat (whole dollars) of a route from `from` to `to` through `stops` (place values in route order, comma-separated or repeated): its road miles, the suggestion, the price above which the post form warns (1.5 times the suggestion), and the highest price accepted (null without PRICE_CAP_RATIO)',
        querystring: PriceSuggestionQuery,
        response: { 200: PriceSuggestionDto },
      },
    },
    async (request) => suggestRidePrice(app.deps.config, app.deps.regions.placesOf(request.region), request.query),
  );
}
