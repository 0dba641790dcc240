import { useLiveRideUpdates } from '../hooks/use-live-ride-updates';

/** Mounted once in the app layout: keeps the open rides screens current from the socket. */
export function LiveRideUpdates(): null {
  useLiveRideUpdates();
  return null;
}
