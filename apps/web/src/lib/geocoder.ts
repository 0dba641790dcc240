import { GEOCODER_MAX_SUGGESTIONS, GEOCODER_MIN_INTERVAL_MS } from '@carpool/shared/constants';
import type { PlaceIndex } from '@carpool/shared/place-index';
import { z } from 'zod';

/** An address the user picked from the suggestions, with its coordinates when the service knew them. */
export interface PickedPlace {
  address: string;
  lat: number | null;
  lng: number | null;
}

/** One entry of a Nominatim-compatible `/search?format=jsonv2` answer; other fields are ignored. */
const NominatimPlace = z.object({
  display_name: z.string().min(1),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
const NominatimAnswer = z.array(z.unknown());

/**
 * Where the region's users mostly go (west, north, east, south): the box around its places, half a
 * degree wider on each side. Suggestions inside it come first; places outside it still come (the
 * box is a preference, not a bound).
 */
function viewboxOf(places: PlaceIndex): string | null {
  if (places.list.length === 0) return null;
  const lats = places.list.map((place) => place.lat);
  const lngs = places.list.map((place) => place.lng);
  const round = (value: number) => Math.round(value * 10) / 10;
  return [round(Math.min(...lngs) - 0.5), round(Math.max(...lats) + 0.5), round(Math.max(...lngs) + 0.5), round(Math.min(...lats) - 0.5)].join(',');
}

/** The geocoder could not be asked or gave no usable answer (down, blocked, offline, 4xx/5xx). */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string) {
    super(`Address suggestions are unavailable: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

/** Builds the search URL: the configured endpoint keeps its own parameters (an instance key, say). */
function geocoderSearchUrl(endpoint: string, query: string, places: PlaceIndex): string {
  const url = new URL(endpoint, window.location.href);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(GEOCODER_MAX_SUGGESTIONS));
  // Spec section 5: suggestions are restricted to the US.
  url.searchParams.set('countrycodes', 'us');
  const viewbox = viewboxOf(places);
  if (viewbox) url.searchParams.set('viewbox', viewbox);
  url.searchParams.set('accept-language', 'en');
  return url.toString();
}

/**
 * One request per second from this page at most, whatever the number of fields (the geocoders'
 * usage policies). Returns how long to wait before the next request may go.
 */
let nextRequestAt = 0;
export function geocoderWaitMs(now = Date.now()): number {
  return Math.max(0, nextRequestAt - now);
}

/** Test hook: a fresh page has sent nothing yet. */
export function resetGeocoderPacing(): void {
  nextRequestAt = 0;
}

/**
 * Looks an address up. An aborted search rejects with the AbortError (the caller ignores it); any
 * other failure is a GeocoderUnavailableError.
 */
export async function searchAddresses(endpoint: string, query: string, places: PlaceIndex, signal: AbortSignal): Promise<PickedPlace[]> {
  nextRequestAt = Date.now() + GEOCODER_MIN_INTERVAL_MS;
  let response: Response;
  try {
    response = await fetch(geocoderSearchUrl(endpoint, query, places), {
      signal,
      headers: { accept: 'application/json' },
      // Browsers do not let a page set User-Agent; the usage policies accept a Referer naming the
      // site instead, which the app's no-referrer default would otherwise strip.
      referrerPolicy: 'strict-origin',
      credentials: 'omit',
      mode: 'cors',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GeocoderUnavailableError(error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) throw new GeocoderUnavailableError(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GeocoderUnavailableError('the answer is not JSON');
  }
  const list = NominatimAnswer.safeParse(body);
  if (!list.success) throw new GeocoderUnavailableError('the answer is not a list of places');
  // One odd entry does not spoil the others.
  return list.data.flatMap((entry) => {
    const place = NominatimPlace.safeParse(entry);
    return place.success ? [{ address: place.data.display_name, lat: place.data.lat, lng: place.data.lon }] : [];
  });
}
