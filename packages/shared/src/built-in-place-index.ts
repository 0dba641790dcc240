import { PLACE_COORDINATES } from './place-coordinates.js';
import { PlaceIndex } from './place-index.js';
import { PLACES } from './places.js';
import { isRegion, type BuiltInRegion, type Region } from './regions.js';

const builtInIndexes = new Map<BuiltInRegion, PlaceIndex>();

/**
 * The built-in places of cornell and nj with their points, as a PlaceIndex: what the web app uses
 * until it reads its region's places from GET /api/regions/{slug} (the server reads the regions
 * tables, migration 0019).
 */
export function builtInPlaceIndex(region: Region): PlaceIndex {
  if (!isRegion(region)) return new PlaceIndex([]);
  let index = builtInIndexes.get(region);
  if (!index) {
    index = new PlaceIndex(PLACES[region].map((place) => ({ slug: place.value, label: place.label, ...PLACE_COORDINATES[region][place.value]! })));
    builtInIndexes.set(region, index);
  }
  return index;
}
