import { isRegion, type BuiltInRegion, type Region } from './regions.js';

export interface Place {
  /** Stable slug stored and sent over the API, e.g. `new_york_city`. */
  readonly value: string;
  readonly label: string;
}

/**
 * The labels the specification's rule (below, `placeLabel`) would spell otherwise; every other
 * place's label is its value with underscores shown as spaces and each word capitalised.
 */
const SPELT_OUT: Readonly<Record<string, string>> = {
  washington_dc: 'Washington DC',
  gwb_manhattan: 'GWB (Manhattan)',
  jfk_airport: 'JFK Airport',
  laguardia_airport: 'LaGuardia Airport',
};

/** The specification's card rule for a place value: underscores shown as spaces, each word capitalised. */
export function labelOfSlug(slug: string): string {
  return slug
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The places of a list of values, in its order (the web app's dropdowns keep it). */
function placesOf(values: readonly string[]): readonly Place[] {
  return values.map((value) => ({ value, label: SPELT_OUT[value] ?? labelOfSlug(value) }));
}

/** The 19 places of the cornell region, as the specification lists them. */
const CORNELL_PLACES: readonly Place[] = placesOf([
  'albany', 'baltimore', 'binghamton', 'boston', 'buffalo', 'chicago', 'cleveland', 'connecticut',
  'ithaca', 'new_jersey', 'new_york_city', 'philadelphia', 'pittsburgh', 'rochester', 'syracuse',
  'scranton', 'long_island', 'washington_dc', 'toronto',
]);

/**
 * New Jersey municipalities and the nearby New York, Pennsylvania and Connecticut places of the
 * nj region. Brooklyn is spelt correctly here (the original list had "Brookyln").
 */
const NJ_PLACES: readonly Place[] = placesOf([
  'aberdeen', 'asbury_park', 'atlantic_city', 'avalon', 'barnegat', 'basking_ridge', 'bayonne',
  'bedminster', 'belleville', 'belmar', 'bergenfield', 'berkeley_heights', 'bernardsville',
  'bloomfield', 'boonton', 'bound_brook', 'branchburg', 'brick', 'bridgewater', 'burlington',
  'caldwell', 'camden', 'cape_may', 'carteret', 'cedar_grove', 'chatham', 'cherry_hill', 'clark',
  'clifton', 'clinton', 'collingswood', 'cranford', 'denville', 'dover', 'dumont',
  'east_brunswick', 'east_hanover', 'east_orange', 'east_windsor', 'edison', 'elizabeth',
  'englewood', 'englewood_cliffs', 'ewing', 'fair_lawn', 'flemington', 'florham_park', 'fort_lee',
  'franklin_lakes', 'freehold', 'garfield', 'glassboro', 'glen_rock', 'hackensack', 'haddonfield',
  'hamilton', 'hasbrouck_heights', 'hawthorne', 'highland_park', 'hillsborough', 'hillside',
  'hoboken', 'holmdel', 'hopewell', 'howell', 'irvington', 'jackson', 'jersey_city', 'kearny',
  'lakewood', 'lawrenceville', 'linden', 'livingston', 'long_branch', 'lyndhurst', 'madison',
  'mahwah', 'manalapan', 'maplewood', 'marlboro', 'matawan', 'metuchen', 'middletown', 'millburn',
  'millstone', 'montclair', 'montvale', 'moorestown', 'morristown', 'mount_laurel', 'mountainside',
  'new_brunswick', 'new_providence', 'newark', 'newark_airport', 'north_bergen', 'north_brunswick',
  'nutley', 'ocean_city', 'old_bridge', 'paramus', 'parsippany', 'passaic', 'paterson',
  'perth_amboy', 'piscataway', 'plainfield', 'plainsboro', 'point_pleasant', 'princeton',
  'princeton_junction', 'rahway', 'ramsey', 'randolph', 'red_bank', 'ridgewood', 'robbinsville',
  'rockaway', 'roselle', 'rutherford', 'sayreville', 'scotch_plains', 'secaucus', 'short_hills',
  'somerset', 'somerville', 'south_brunswick', 'south_orange', 'south_plainfield', 'sparta',
  'springfield', 'summit', 'teaneck', 'tenafly', 'toms_river', 'trenton', 'union', 'union_city',
  'upper_saddle_river', 'vernon', 'verona', 'voorhees', 'wallington', 'warren', 'wayne',
  'weehawken', 'west_caldwell', 'west_new_york', 'west_orange', 'west_windsor', 'westfield',
  'woodbridge', 'downtown', 'midtown', 'uptown', 'gwb_manhattan', 'queens', 'bronx', 'brooklyn',
  'staten_island', 'long_island', 'westchester', 'yonkers', 'jfk_airport', 'laguardia_airport',
  'philadelphia', 'philadelphia_airport', 'allentown', 'easton', 'bethlehem', 'connecticut',
]);

export const PLACES: Record<BuiltInRegion, readonly Place[]> = { cornell: CORNELL_PLACES, nj: NJ_PLACES };

const PLACE_VALUES: Record<BuiltInRegion, ReadonlySet<string>> = {
  cornell: new Set(CORNELL_PLACES.map((p) => p.value)),
  nj: new Set(NJ_PLACES.map((p) => p.value)),
};

export function isPlaceOf(region: Region, value: string): boolean {
  return isRegion(region) && PLACE_VALUES[region].has(value);
}

/**
 * The display label of a place value: the known label, or else the value with underscores shown
 * as spaces and each word capitalised (the ride card rule of the specification).
 */
export function placeLabel(value: string): string {
  for (const list of Object.values(PLACES)) {
    const found = list.find((p) => p.value === value);
    if (found) return found.label;
  }
  return labelOfSlug(value);
}

