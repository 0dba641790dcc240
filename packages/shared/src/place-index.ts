/** The specification's card rule for a place value: underscores shown as spaces, each word capitalised. */
export function labelOfSlug(slug: string): string {
  return slug
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A place of a region: its slug (stored and sent over the API), label and point (degrees, WGS 84). */
export interface PlacePoint {
  readonly slug: string;
  readonly label: string;
  readonly lat: number;
  readonly lng: number;
}

/**
 * A region's places, in the order of its lists and by slug: what distances, suggestions, labels
 * and checks read. The server builds it from the regions tables, the web app from
 * GET /api/regions/{slug}.
 */
export class PlaceIndex {
  readonly list: readonly PlacePoint[];
  readonly #bySlug: ReadonlyMap<string, PlacePoint>;

  constructor(places: readonly PlacePoint[]) {
    this.list = places;
    this.#bySlug = new Map(places.map((place) => [place.slug, place]));
  }

  has(slug: string): boolean {
    return this.#bySlug.has(slug);
  }

  get(slug: string): PlacePoint | undefined {
    return this.#bySlug.get(slug);
  }

  /** The place's label; a slug the region does not list (a place since removed) is shown by the specification's rule. */
  label(slug: string): string {
    return this.#bySlug.get(slug)?.label ?? labelOfSlug(slug);
  }
}
