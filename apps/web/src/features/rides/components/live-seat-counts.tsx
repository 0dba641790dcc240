import { useLiveSeatCounts } from '../hooks/use-live-seat-counts';

/** Mounted once in the app layout, for every visitor: live seat counts of the region's rides. */
export function LiveSeatCounts(): null {
  useLiveSeatCounts();
  return null;
}
