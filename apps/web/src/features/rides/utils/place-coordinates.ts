/**
 * Approximate town centres of the cornell region's places. A ride posted without the maps
 * autocomplete has no pick-up coordinates, so the map falls back to the centre of its departure
 * town rather than leaving the ride off the map.
 */
const TOWN_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  albany: [42.6526, -73.7562],
  baltimore: [39.2904, -76.6122],
  binghamton: [42.0987, -75.918],
  boston: [42.3601, -71.0589],
  buffalo: [42.8864, -78.8784],
  chicago: [41.8781, -87.6298],
  cleveland: [41.4993, -81.6944],
  connecticut: [41.3083, -72.9279],
  ithaca: [42.444, -76.5019],
  new_jersey: [40.7357, -74.1724],
  new_york_city: [40.7128, -74.006],
  philadelphia: [39.9526, -75.1652],
  pittsburgh: [40.4406, -79.9959],
  rochester: [43.1566, -77.6088],
  syracuse: [43.0481, -76.1474],
  scranton: [41.409, -75.6624],
  long_island: [40.7891, -73.135],
  washington_dc: [38.9072, -77.0369],
  toronto: [43.6532, -79.3832],
};

export interface MapPoint {
  lat: number;
  lng: number;
  /** True when the point is the town centre, not the ride's own pick-up address. */
  approximate: boolean;
}

/** Where a ride's pick-up is shown: its own coordinates, else its departure town, else nowhere. */
export function pickupPoint(ride: { from: string; pickupLat: number | null; pickupLng: number | null }): MapPoint | null {
  if (ride.pickupLat !== null && ride.pickupLng !== null) return { lat: ride.pickupLat, lng: ride.pickupLng, approximate: false };
  const centre = TOWN_CENTRES[ride.from];
  return centre ? { lat: centre[0], lng: centre[1], approximate: true } : null;
}
