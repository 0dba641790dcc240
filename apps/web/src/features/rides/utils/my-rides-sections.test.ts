import { describe, expect, it } from 'vitest';
import { myRidesSections } from './my-rides-sections';

const now = Date.parse('2026-03-10T12:00:00Z');
const ride = (id: string, departsAt: string, seriesId: string | null = null) => ({ id, departsAt, seriesId });
const sectionsOf = (rides: ReturnType<typeof ride>[]) => {
  const sections = myRidesSections(rides, (each) => ({ ...each, seriesKey: each.seriesId }), now);
  const ids = (groups: typeof sections.upcoming) => groups.map((group) => (group.seriesId ? `${group.seriesId}[${group.items.map((each) => each.id).join(',')}]` : group.items[0]!.id));
  return { upcoming: ids(sections.upcoming), past: ids(sections.past) };
};

describe('My Rides sections', () => {
  it('puts upcoming rides first, soonest first, and past ones apart, newest first, whatever the order given', () => {
    const rides = [
      ride('later', '2026-03-20T09:00:00Z'),
      ride('yesterday', '2026-03-09T09:00:00Z'),
      ride('soon', '2026-03-10T13:00:00Z'),
      ride('lastWeek', '2026-03-03T09:00:00Z'),
      ride('now', '2026-03-10T12:00:00Z'),
    ];
    expect(sectionsOf(rides)).toEqual({ upcoming: ['soon', 'later'], past: ['now', 'yesterday', 'lastWeek'] });
  });

  it('draws a weekly series as one card where its first occurrence of the part falls, with its dates in that order', () => {
    const rides = [
      ride('w3', '2026-03-24T08:00:00Z', 'weekly'),
      ride('single', '2026-03-12T08:00:00Z'),
      ride('w1', '2026-03-10T18:00:00Z', 'weekly'),
      ride('w2', '2026-03-17T08:00:00Z', 'weekly'),
      ride('w0', '2026-03-03T08:00:00Z', 'weekly'),
      ride('w-1', '2026-02-24T08:00:00Z', 'weekly'),
      ride('other', '2026-03-13T08:00:00Z', 'other-series'),
    ];
    expect(sectionsOf(rides)).toEqual({
      upcoming: ['weekly[w1,w2,w3]', 'single', 'other'],
      past: ['weekly[w0,w-1]'],
    });
  });
});
