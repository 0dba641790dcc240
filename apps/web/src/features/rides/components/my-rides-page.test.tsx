import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDate } from '../../../lib/local-date-time';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { MyRidesPage } from './my-rides-page';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };
const SERIES_ID = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const me = { id: testUser.id, name: testUser.name, info: '', avatar: null, avatarColor: null, college: 'cornell' as const, driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES };

function ride(n: number, departsAt: string, overrides: Partial<Ride> = {}): Ride {
  return rideFixture({ id: uuid(n), departsAt, date: departsAt.slice(0, 10), time: departsAt.slice(11, 16), driver: me, canDelete: true, ...overrides });
}

// Five weekly occurrences ahead and one behind, a single ride ahead, a cancelled one behind: the
// server answers newest departure first (its contract), the page orders them itself.
const weekly = ['2099-03-02', '2099-03-09', '2099-03-16', '2099-03-23', '2099-03-30'].map((day, index) =>
  ride(10 + index, `${day}T13:00:00.000Z`, { seriesId: SERIES_ID }),
);
const pastWeekly = ride(9, '2020-01-06T13:00:00.000Z', { seriesId: SERIES_ID, status: 'completed', canDelete: false });
const single = ride(20, '2099-04-01T09:00:00.000Z', { to: 'buffalo' });
const pastCancelled = ride(21, '2020-02-01T09:00:00.000Z', { to: 'syracuse', status: 'cancelled', canDelete: false });
const posted = [single, ...weekly, pastCancelled, pastWeekly].sort((a, b) => b.departsAt.localeCompare(a.departsAt));

function booking(n: number, of: Ride, overrides: Partial<Booking> = {}): Booking {
  return {
    id: uuid(100 + n),
    rideId: of.id,
    userId: testUser.id,
    user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null },
    seats: 1,
    suitcases: 0,
    status: 'confirmed',
    from: of.from,
    to: of.to,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ride: { ...of, driver: { ...me, id: uuid(999), name: 'Dana Driver' }, canDelete: false },
    ...overrides,
  };
}

const sectionNamed = (name: string) => screen.getByRole('region', { name });
const cardNames = (section: HTMLElement) => within(section).getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('My Rides', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally('cornell', testUser);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists upcoming rides soonest first, past rides apart newest first, and a weekly series as one card whose dates open their ride', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: posted }),
      [`GET /api/bookings/user/${testUser.id}`]: () => ({ body: [] }),
      [`GET /api/rides/${weekly[1]!.id}`]: () => ({ body: weekly[1] }),
    });
    renderWithApp(<MyRidesPage />, { path: '/my-rides' });
    await screen.findByRole('heading', { name: TEXTS.rides.pastRides });
    const upcoming = sectionNamed(TEXTS.rides.upcomingSection);
    expect(cardNames(upcoming)).toEqual(['Weekly ride: Ithaca → Boston', 'Ithaca → Buffalo']);
    // The one past occurrence of the series is a card of its own.
    expect(cardNames(sectionNamed(TEXTS.rides.pastRides))).toEqual(['Ithaca → Syracuse', 'Ithaca → Boston']);

    const series = within(upcoming).getByRole('article', { name: 'Weekly ride: Ithaca → Boston' });
    expect(series).toHaveTextContent('Weekly ride · 5 dates');
    const dates = () => within(within(series).getByRole('list', { name: 'Dates' })).getAllByRole('button').map((button) => button.textContent);
    expect(dates()).toHaveLength(4);
    expect(dates()[0]).toContain(formatLocalDate(weekly[0]!.departsAt));
    await userEvent.click(within(series).getByRole('button', { name: 'Show all 5 dates' }));
    expect(dates()).toHaveLength(5);
    expect(dates()[4]).toContain(formatLocalDate(weekly[4]!.departsAt));

    await userEvent.click(within(series).getByRole('button', { name: new RegExp(`View Details: ${formatLocalDate(weekly[1]!.departsAt)}`) }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent(formatLocalDate(weekly[1]!.departsAt)));
  });

  it('groups the bookings of a weekly series for the same part, each with its own status and cancel button', async () => {
    const bookings = [booking(1, weekly[2]!, { status: 'pending' }), booking(2, weekly[0]!), booking(3, single), booking(4, pastCancelled, { status: 'cancelled' })];
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: [] }),
      [`GET /api/bookings/user/${testUser.id}`]: () => ({ body: bookings }),
    });
    renderWithApp(<MyRidesPage />, { path: '/my-rides' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Rides I Booked' }));
    await screen.findByRole('heading', { name: TEXTS.rides.pastRides });
    const upcoming = sectionNamed(TEXTS.rides.upcomingSection);
    expect(cardNames(upcoming)).toEqual(['Weekly ride: Ithaca → Boston', 'Ithaca → Buffalo']);
    expect(cardNames(sectionNamed(TEXTS.rides.pastRides))).toEqual(['Ithaca → Syracuse']);
    const series = within(upcoming).getByRole('article', { name: 'Weekly ride: Ithaca → Boston' });
    expect(series).toHaveTextContent('Weekly ride · 2 bookings · Driver: Dana Driver');
    const rows = within(within(series).getByRole('list', { name: 'Dates' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Confirmed|Pending/).textContent)).toEqual(['Booking: Confirmed', 'Booking: Pending']);
    await userEvent.click(within(series).getByRole('button', { name: `Cancel Booking of ${formatLocalDate(weekly[2]!.departsAt)}` }));
    expect(await screen.findByRole('alertdialog', { name: TEXTS.confirmCancelBooking })).toBeInTheDocument();
  });

  it('says so when nothing is ahead', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: [pastCancelled] }),
      [`GET /api/bookings/user/${testUser.id}`]: () => ({ body: [] }),
    });
    renderWithApp(<MyRidesPage />, { path: '/my-rides' });
    expect(await screen.findByText('No upcoming rides.')).toBeInTheDocument();
    expect(cardNames(sectionNamed(TEXTS.rides.pastRides))).toEqual(['Ithaca → Syracuse']);
  });
});
