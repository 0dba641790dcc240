import type { Region } from '@carpool/shared/regions';
import type { Ride, RideSeats } from '@carpool/shared/schemas/rides';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRegion } from '../../../lib/region';
import { openPublicSocket } from '../../../lib/socket';
import { rideKeys } from '../api/ride-query-keys';
import { isPartOfRide } from '../utils/ride-part';
import { legRange, roomOfLegs } from '../utils/ride-route';

/**
 * Writes a ride's new free seats and suitcases (of the whole ride, of each leg, and of the segment
 * each cached copy shows), waiting count and status into the cached lists and the ride's own entry:
 * no request is made. A ride that is no longer active leaves the search
 * results; the day counts it was part of are marked stale and read again only when next shown, so
 * one cancellation in a busy region does not become a request from every open browser. The
 * exceptions: a viewer waiting for the ride whose line got shorter, whose place may have moved
 * (the entries that show it are read again: only that viewer's browser asks), and the driver's
 * open view of the line when its length changed.
 */
export function applyRideSeats(queryClient: QueryClient, region: Region, update: RideSeats): void {
  let countMoved = false;
  let placeMayHaveMoved = false;
  const patch = (ride: Ride): Ride => {
    if (ride.id !== update.rideId) return ride;
    // A server of the release before (during a rolling restart) sends no waiting count.
    const waitingCount = (update.waitingCount as number | undefined) ?? ride.waitingCount;
    if (ride.waitingCount !== waitingCount) {
      countMoved = true;
      // Someone left the line (or was booked from it): those behind them moved up. A longer line
      // moves nobody's place.
      if (ride.myWaitlistEntry && waitingCount < ride.waitingCount) placeMayHaveMoved = true;
    }
    return { ...ride, ...withRoom(ride, update), waitingCount, status: update.status };
  };
  const stillListed = update.status === 'active';
  queryClient.setQueriesData<Ride[]>({ queryKey: [...rideKeys.all, region, 'search'] }, (rides) => {
    if (!rides?.some((ride) => ride.id === update.rideId)) return rides;
    return stillListed ? rides.map(patch) : rides.filter((ride) => ride.id !== update.rideId);
  });
  queryClient.setQueriesData<Ride[]>({ queryKey: [...rideKeys.all, region, 'user'] }, (rides) =>
    rides?.some((ride) => ride.id === update.rideId) ? rides.map(patch) : rides,
  );
  queryClient.setQueryData<Ride>(rideKeys.detail(region, update.rideId), (ride) => (ride ? patch(ride) : ride));
  if (!stillListed) void queryClient.invalidateQueries({ queryKey: [...rideKeys.all, region, 'day-counts'], refetchType: 'none' });
  // The driver's view of the line (fetched only while someone waits) follows the count.
  if (countMoved) void queryClient.invalidateQueries({ queryKey: rideKeys.waitlist(region, update.rideId) });
  if (placeMayHaveMoved) {
    void queryClient.invalidateQueries({
      queryKey: [...rideKeys.all, region],
      predicate: (query) => holdsRide(query.state.data, update.rideId),
    });
  }
}

/**
 * A ride's room after an update: the whole ride's counts, each leg's, and its segment's (the
 * smallest over the segment's legs). When the legs sent do not match the cached route (a server of
 * the release before sends none; an edit may have changed the stops), a segment that is the whole
 * ride takes the whole ride's counts, and a part keeps its own until the ride is read again.
 */
function withRoom(ride: Ride, update: RideSeats): Pick<Ride, 'seatsAvailable' | 'suitcasesAvailable' | 'legs' | 'segment'> {
  const whole = { seatsAvailable: update.seatsAvailable, suitcasesAvailable: update.suitcasesAvailable };
  const sent = (update.legs as RideSeats['legs'] | undefined) ?? [];
  const range = legRange(ride, ride.segment);
  if (sent.length !== ride.legs.length || !range) {
    const legs = ride.legs.length === 1 ? [{ ...ride.legs[0]!, ...whole }] : ride.legs;
    return { ...whole, legs, segment: isPartOfRide(ride, ride.segment) ? ride.segment : { ...ride.segment, ...whole } };
  }
  const legs = ride.legs.map((leg, index) => ({ ...leg, seatsAvailable: sent[index]!.seatsAvailable, suitcasesAvailable: sent[index]!.suitcasesAvailable }));
  return { ...whole, legs, segment: { ...ride.segment, ...roomOfLegs(legs.slice(range.from, range.to)) } };
}

/** Whether a cached rides entry (one ride or a list of them) holds the ride. */
function holdsRide(data: unknown, rideId: string): boolean {
  if (Array.isArray(data)) return data.some((item: unknown) => (item as Partial<Ride> | null)?.id === rideId);
  return (data as Partial<Ride> | null | undefined)?.id === rideId;
}

/**
 * Follows the region's public room for as long as it is mounted, signed in or not
 * (docs/decisions/live-seat-counts.md): seat counts and cancellations of any ride in the region
 * reach the lists on screen at once. After a reconnect whose missed events were not replayed, the
 * lists on screen are read again once.
 */
export function useLiveSeatCounts(): void {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = openPublicSocket(region);
    let connectedBefore = false;
    socket.on(SOCKET_EVENTS.rideSeats, (update) => applyRideSeats(queryClient, region, update));
    socket.on('connect', () => {
      if (connectedBefore && !socket.recovered) void queryClient.invalidateQueries({ queryKey: [...rideKeys.all, region, 'search'] });
      connectedBefore = true;
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [region, queryClient]);
}
