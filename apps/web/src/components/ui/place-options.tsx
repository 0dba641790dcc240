import { useRegion } from '../../lib/region';

/** The `<option>`s of a place select: a blank first choice, then the region's places. */
export function PlaceOptions({ blankLabel }: { blankLabel: string }) {
  const { places } = useRegion();
  return (
    <>
      <option value="">{blankLabel}</option>
      {places.list.map((place) => (
        <option key={place.slug} value={place.slug}>
          {place.label}
        </option>
      ))}
    </>
  );
}
