import { PLACES } from '@carpool/shared/places';
import type { BuiltInRegion as Region } from '@carpool/shared/regions';

/** The `<option>`s of a place select: a blank first choice, then the region's places. */
export function PlaceOptions({ region, blankLabel }: { region: Region; blankLabel: string }) {
  return (
    <>
      <option value="">{blankLabel}</option>
      {PLACES[region].map((place) => (
        <option key={place.value} value={place.value}>
          {place.label}
        </option>
      ))}
    </>
  );
}
