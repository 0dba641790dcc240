import { estimatedTravelMinutes, placesOnTheWay } from '@carpool/shared/distance';
import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import type { SpecRegion } from '@carpool/shared/fixtures/spec-places';
import { RIDE_STOP_WITHIN_HOURS } from '@carpool/shared/schemas/rides';

/** The seeded rides that carry stops (issue 32, acceptance 8: about a third). */
export const STOP_RIDE_SHARE = 1 / 3;
/** A seeded ride with stops has 1 to this many. */
export const SEEDED_STOPS_MAX = 3;

const MINUTE_MS = 60_000;

export interface SeededStops {
  places: string[];
  /** When the ride leaves each stop, in ms since the epoch, in route order. */
  times: number[];
}

const onTheWay = new Map<string, { place: string; miles: number }[]>();

/** The places a trip from `from` to `to` passes (the post form's suggestions), nearest first; memoised per pair. */
export function stopCandidates(region: SpecRegion, from: string, to: string): readonly { place: string; miles: number }[] {
  const key = `${region}:${from}:${to}`;
  let found = onTheWay.get(key);
  if (!found) {
    found = placesOnTheWay(specPlaceIndex(region), from, to).map(({ place, miles }) => ({ place, miles }));
    onTheWay.set(key, found);
  }
  return found;
}

/**
 * 1 to SEEDED_STOPS_MAX stops drawn from the places on the way, kept in route order (nearest to
 * the departure first), each left at the time the shared distance estimate gives, a minute after
 * the previous one at least, and all before RIDE_STOP_WITHIN_HOURS after the departure. Undefined
 * when nothing lies on the way (or nothing is reached in time).
 */
export function drawStops(random: () => number, region: SpecRegion, from: string, to: string, departsMs: number): SeededStops | undefined {
  const candidates = stopCandidates(region, from, to);
  if (candidates.length === 0) return undefined;
  const count = Math.min(candidates.length, 1 + Math.floor(random() * SEEDED_STOPS_MAX));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * candidates.length));
  const latest = departsMs + RIDE_STOP_WITHIN_HOURS * 60 * MINUTE_MS;
  const stops: SeededStops = { places: [], times: [] };
  let previous = departsMs;
  for (const index of [...chosen].sort((a, b) => a - b)) {
    const candidate = candidates[index]!;
    const at = Math.max(departsMs + estimatedTravelMinutes(candidate.miles) * MINUTE_MS, previous + MINUTE_MS);
    if (at >= latest) break;
    stops.places.push(candidate.place);
    stops.times.push(at);
    previous = at;
  }
  return stops.places.length > 0 ? stops : undefined;
}
