import { GEOCODER_MAX_SUGGESTIONS, GEOCODER_MIN_INTERVAL_MS } from '@carpool/shared/constants';
import type { BuiltInRegion as Region } from '@carpool/shared/regions';
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
 * Where each region's users mostly go (west, north, east, south): suggestions inside it come first,
 * places outside it still come (the box is a preference, not a bound).
 */
const REGION_VIEWBOX: Record<Region, string> = {
  cornell: '-80.0,45.1,-71.8,40.4',
  nj: '-75.6,41.4,-73.0,38.9',
};

/** The geocoder could not be asked or gave no usable answer (down, blocked, offline, 4xx/5xx). */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string) {
    super(`Address suggestions are unavailable: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

/** Builds the search URL: the configured endpoint keeps its own parameters (an instance key, say). */
function geocoderSearchUrl(endpoint: string, query: string, region: Region): string {
  const url = new URL(endpoint, window.location.href);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(GEOCODER_MAX_SUGGESTIONS));
  // Spec section 5: suggestions are restricted to the US.
  url.searchParams.set('countrycodes', 'us');
  url.searchParams.set('viewbox', REGION_VIEWBOX[region]);
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
export async function searchAddresses(endpoint: string, query: string, region: Region, signal: AbortSignal): Promise<PickedPlace[]> {
  nextRequestAt = Date.now() + GEOCODER_MIN_INTERVAL_MS;
  let response: Response;
  try {
    response = await fetch(geocoderSearchUrl(endpoint, query, region), {
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
