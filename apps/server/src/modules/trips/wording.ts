import { placeLabel } from '@carpool/shared/places';

/** "1 seat", "2 seats": the counts in the texts of notifications and errors. */
export function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "from Ithaca to New York City": a ride's or a segment's places in the texts of notifications. */
export const routeOf = (segment: { fromPlace: string; toPlace: string }) => `from ${placeLabel(segment.fromPlace)} to ${placeLabel(segment.toPlace)}`;
