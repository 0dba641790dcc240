/**
 * One card of My Rides: a single ride (or booking), or every occurrence of one weekly series in
 * the section, in the section's order.
 */
export interface RideCardGroup<T> {
  key: string;
  /** Set when the items are occurrences of one weekly series (two or more of them). */
  seriesId: string | null;
  items: T[];
}

export interface MyRidesSections<T> {
  /** Departing after now, soonest first. */
  upcoming: RideCardGroup<T>[];
  /** Departed, newest first. */
  past: RideCardGroup<T>[];
}

interface Placed {
  id: string;
  /** When it departs (ISO 8601). */
  departsAt: string;
  /** Items with the same key (not null) are occurrences of one series, drawn as one card. */
  seriesKey: string | null;
  seriesId: string | null;
}

interface Timed<T> extends Placed {
  item: T;
  at: number;
}

/** Items in the order given, the occurrences of one series gathered where its first one falls. */
function gatherSeries<T>(part: readonly Timed<T>[]): RideCardGroup<T>[] {
  const groups: RideCardGroup<T>[] = [];
  const bySeries = new Map<string, RideCardGroup<T>>();
  for (const each of part) {
    const existing = each.seriesKey === null ? undefined : bySeries.get(each.seriesKey);
    if (existing) {
      existing.items.push(each.item);
      existing.seriesId = each.seriesId;
      continue;
    }
    const created: RideCardGroup<T> = { key: each.seriesKey ?? each.id, seriesId: null, items: [each.item] };
    groups.push(created);
    if (each.seriesKey !== null) bySeries.set(each.seriesKey, created);
  }
  return groups;
}

/**
 * Upcoming first, soonest first; past apart, newest first; the occurrences of a weekly series in
 * either part under one card, placed where its first occurrence of that order falls
 * (docs/decisions/my-rides-order-and-series.md). The server's order is not relied on.
 */
export function myRidesSections<T>(items: readonly T[], placeOf: (item: T) => Placed, now: number): MyRidesSections<T> {
  const timed = items.map((item): Timed<T> => {
    const place = placeOf(item);
    return { item, ...place, at: Date.parse(place.departsAt) };
  });
  const byTime = (direction: 1 | -1) => (a: Timed<T>, b: Timed<T>) => direction * (a.at - b.at) || a.id.localeCompare(b.id);
  return {
    upcoming: gatherSeries(timed.filter((each) => each.at > now).sort(byTime(1))),
    past: gatherSeries(timed.filter((each) => each.at <= now).sort(byTime(-1))),
  };
}

/** A posted ride's place: its departure and its series. */
export const placeOfRide = (ride: { id: string; departsAt: string; seriesId: string | null }): Placed => ({
  id: ride.id,
  departsAt: ride.departsAt,
  seriesKey: ride.seriesId,
  seriesId: ride.seriesId,
});
