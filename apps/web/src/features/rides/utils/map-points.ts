import type { PlaceIndex } from '@carpool/shared/place-index';
import type { Ride } from '@carpool/shared/schemas/rides';
import { routePlaces } from './ride-route';

export interface MapPoint {
  lat: number;
  lng: number;
  /** True when the point is the town centre, not the ride's own pick-up address. */
  approximate: boolean;
}

function placePoint(places: PlaceIndex, place: string): { lat: number; lng: number } | null {
  const point = places.get(place);
  return point ? { lat: point.lat, lng: point.lng } : null;
}

/**
 * Where a ride's pick-up is shown: its own coordinates, else its departure place among the
 * region's places (a ride posted without the maps autocomplete has no pick-up coordinates), else nowhere.
 */
export function pickupPoint(places: PlaceIndex, ride: Pick<Ride, 'from' | 'pickupLat' | 'pickupLng'>): MapPoint | null {
  if (ride.pickupLat !== null && ride.pickupLng !== null) return { lat: ride.pickupLat, lng: ride.pickupLng, approximate: false };
  const point = placePoint(places, ride.from);
  return point ? { ...point, approximate: true } : null;
}

/** The points of a ride's route through its stops, for the line the map draws; places without coordinates are left out. */
export function routePoints(places: PlaceIndex, ride: Pick<Ride, 'from' | 'to' | 'stops'>): { place: string; lat: number; lng: number }[] {
  return routePlaces(ride).flatMap((place) => {
    const point = placePoint(places, place);
    return point ? [{ place, ...point }] : [];
  });
}
