import type { PlaceImportProblem, PlacesImportInput, RegionPlace } from '@carpool/shared/schemas/regions';

/** A region needs somewhere to go from and to. */
const MIN_PLACES = 2;
const MAX_PLACES = 1000;
const PLACE_SLUG = /^[a-z0-9_]{1,64}$/;
const MAX_LABEL = 60;
/** A file full of mistakes names the first this many. */
const MAX_PROBLEMS = 100;

export type PlaceImport = { ok: true; places: RegionPlace[] } | { ok: false; problems: PlaceImportProblem[] };

/**
 * Reads a region's places from a CSV (`slug,label,lat,lng`, a header then a row per place) or a
 * GeoJSON FeatureCollection of Points (properties `slug` and `label`). Every bad row is named, by
 * its line in the CSV or its 1-based feature in the GeoJSON; a file with any is refused whole.
 */
export function readPlaces(input: PlacesImportInput): PlaceImport {
  const read = input.format === 'csv' ? placesOfCsv(input.content) : placesOfGeoJson(input.content);
  if (read.problems && read.problems.length > 0) return { ok: false, problems: read.problems.slice(0, MAX_PROBLEMS) };
  const candidates = read.candidates;
  const problems: PlaceImportProblem[] = [];
  const firstRowOf = new Map<string, number>();
  const places: RegionPlace[] = [];
  for (const { row, slug, label, lat, lng } of candidates) {
    const before = problems.length;
    if (!PLACE_SLUG.test(slug)) problems.push({ row, message: `slug "${slug}": use lowercase letters, digits and underscores (at most 64)` });
    else if (firstRowOf.has(slug)) problems.push({ row, message: `slug "${slug}" is already on row ${firstRowOf.get(slug)}` });
    if (!label.trim()) problems.push({ row, message: 'the label is empty' });
    else if (label.trim().length > MAX_LABEL) problems.push({ row, message: `the label is longer than ${MAX_LABEL} characters` });
    problems.push(...coordinateProblems(row, lat, lng));
    if (PLACE_SLUG.test(slug) && !firstRowOf.has(slug)) firstRowOf.set(slug, row);
    if (problems.length === before) places.push({ slug, label: label.trim(), lat: lat as number, lng: lng as number });
  }
  if (problems.length === 0 && candidates.length < MIN_PLACES) problems.push({ row: 0, message: `a region needs at least ${MIN_PLACES} places; the file has ${candidates.length}` });
  if (candidates.length > MAX_PLACES) problems.push({ row: 0, message: `at most ${MAX_PLACES} places; the file has ${candidates.length}` });
  return problems.length > 0 ? { ok: false, problems: problems.slice(0, MAX_PROBLEMS) } : { ok: true, places };
}

interface Candidate {
  row: number;
  slug: string;
  label: string;
  /** NaN when missing or not a number. */
  lat: number;
  lng: number;
}

function coordinateProblems(row: number, lat: number, lng: number): PlaceImportProblem[] {
  const problems: PlaceImportProblem[] = [];
  if (Number.isNaN(lat)) problems.push({ row, message: 'the latitude is missing or not a number' });
  else if (lat < -90 || lat > 90) problems.push({ row, message: `latitude ${lat} is outside -90 to 90` });
  if (Number.isNaN(lng)) problems.push({ row, message: 'the longitude is missing or not a number' });
  else if (lng < -180 || lng > 180) problems.push({ row, message: `longitude ${lng} is outside -180 to 180` });
  return problems;
}

const numberOf = (text: string | undefined): number => (text === undefined || text.trim() === '' ? Number.NaN : Number(text.trim()));

const CSV_COLUMNS = ['slug', 'label', 'lat', 'lng'] as const;

function placesOfCsv(content: string): { candidates: Candidate[]; problems?: PlaceImportProblem[] } {
  const records = parseCsv(content.replace(/^\uFEFF/, ''));
  const header = records.find((record) => !record.blank);
  if (!header) return { candidates: [], problems: [{ row: 1, message: 'the file is empty: it needs the header slug,label,lat,lng and a row per place' }] };
  const names = header.fields.map((field) => field.trim().toLowerCase());
  const index = Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof CSV_COLUMNS)[number], number>;
  const missing = CSV_COLUMNS.filter((column) => index[column] < 0);
  if (missing.length > 0) return { candidates: [], problems: [{ row: header.line, message: `the header lacks ${missing.join(', ')}: it must name slug,label,lat,lng` }] };
  const candidates = records
    .filter((record) => record !== header && !record.blank)
    .map((record) => ({
      row: record.line,
      slug: (record.fields[index.slug] ?? '').trim(),
      label: record.fields[index.label] ?? '',
      lat: numberOf(record.fields[index.lat]),
      lng: numberOf(record.fields[index.lng]),
    }));
  return { candidates };
}

/** RFC 4180 records with the line each starts on: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(content: string): { line: number; fields: string[]; blank: boolean }[] {
  const records: { line: number; fields: string[]; blank: boolean }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields, blank: fields.length === 1 && fields[0]!.trim() === '' });
    fields = [];
    field = '';
  };
  for (let at = 0; at < content.length; at += 1) {
    const char = content[at]!;
    if (quoted) {
      if (char === '"' && content[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[at + 1] === '\n') at += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

function placesOfGeoJson(content: string): { candidates: Candidate[]; problems?: PlaceImportProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { candidates: [], problems: [{ row: 0, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const features = (parsed as { type?: unknown; features?: unknown }).features;
  if ((parsed as { type?: unknown }).type !== 'FeatureCollection' || !Array.isArray(features)) {
    return { candidates: [], problems: [{ row: 0, message: 'a GeoJSON FeatureCollection is expected' }] };
  }
  const problems: PlaceImportProblem[] = [];
  const candidates: Candidate[] = [];
  features.forEach((feature: unknown, position) => {
    const row = position + 1;
    const geometry = (feature as { geometry?: { type?: unknown; coordinates?: unknown } } | null)?.geometry;
    const properties = (feature as { properties?: Record<string, unknown> } | null)?.properties ?? {};
    if (geometry?.type !== 'Point' || !Array.isArray(geometry.coordinates)) {
      problems.push({ row, message: 'the feature is not a Point' });
      return;
    }
    const [lng, lat] = geometry.coordinates as unknown[];
    candidates.push({
      row,
      slug: typeof properties.slug === 'string' ? properties.slug.trim() : '',
      label: typeof properties.label === 'string' ? properties.label : typeof properties.name === 'string' ? properties.name : '',
      lat: typeof lat === 'number' ? lat : Number.NaN,
      lng: typeof lng === 'number' ? lng : Number.NaN,
    });
  });
  return { candidates, problems };
}
