import type { Ride } from '@carpool/shared/schemas/rides';
import { useMemo } from 'react';
import { myRidesSections, placeOfRide } from '../utils/my-rides-sections';
import { PostedSeriesCard } from './my-series-cards';
import { RideCard } from './ride-card';

/**
 * The home page's "Rides I Posted": the upcoming rides, soonest first, with the occurrences of a
 * weekly series under one card listing its dates (loaded with the tab, not with the home page).
 */
export function PostedRideList({ rides, viewerId, onOpen }: { rides: readonly Ride[]; viewerId: string | null; onOpen: (ride: Ride) => void }) {
  // Every ride given is upcoming, so all of them fall in the upcoming part.
  const groups = useMemo(() => myRidesSections(rides, placeOfRide, Number.NEGATIVE_INFINITY).upcoming, [rides]);
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {groups.map((group) => (
        <li key={group.key}>
          {group.seriesId ? <PostedSeriesCard rides={group.items} onView={onOpen} /> : <RideCard ride={group.items[0]!} viewerId={viewerId} onOpen={onOpen} />}
        </li>
      ))}
    </ul>
  );
}
