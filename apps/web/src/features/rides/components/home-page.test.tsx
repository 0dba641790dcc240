import { TEXTS } from '@carpool/shared/texts';
import type { Ride } from '@carpool/shared/schemas/rides';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { HomePage } from './home-page';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

const cornellRide: Ride = {
  id: '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b',
  region: 'cornell',
  from: 'ithaca',
  to: 'boston',
  date: '2099-03-12',
  time: '14:30',
  departsAt: '2099-03-12T14:30:00.000Z',
  price: 25,
  seatsAvailable: 3,
  totalSeats: 4,
  suitcasesAvailable: 2,
  totalSuitcases: 3,
  notes: [],
  postedTime: 'just now',
  createdAt: '2026-03-01T10:00:00.000Z',
  pickupAddress: null,
  pickupLat: null,
  pickupLng: null,
  dropoffAddress: null,
  dropoffLat: null,
  dropoffLng: null,
  timezone: 'America/New_York',
  status: 'active',
  driver: { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Grace Hopper', info: '', avatar: null, avatarColor: null, college: 'cornell', driverVerified: false },
  messages: [],
  messageCount: 0,
  passengers: [],
  canDelete: false,
  myBooking: null,
  editedAt: null,
};

describe('HomePage', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('searches with the signed-in user college by default', async () => {
    signInLocally('cornell', { ...testUser, college: 'ithaca' });
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage />);
    expect(await screen.findByText(TEXTS.rides.showingCount(0))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'College Ithaca' })).toBeInTheDocument();
    const search = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === '/api/rides/getall');
    expect(search?.searchParams.getAll('colleges')).toEqual(['ithaca']);
    expect(search?.searchParams.get('timezone')).toBeTruthy();
  });

  it('disables the personal tabs with their hints when signed out and shows fetch failures', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL' } }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage requestsPanel={() => <p>requests</p>} />);
    expect(screen.getByRole('tab', { name: /Rides I Posted/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: /Rides I Posted/ })).toHaveAttribute('title', TEXTS.rides.signInToSeeRides);
    expect(screen.getByRole('tab', { name: /All Ride Requests/ })).toHaveAttribute('title', TEXTS.rides.signInToSeeRequests);
    expect(screen.getByRole('button', { name: 'College College' })).toBeInTheDocument();
    expect(await screen.findByText(TEXTS.fetchRidesFailed, {}, { timeout: 5000 })).toBeInTheDocument();
  });
  it('shows the active college filter, how many rides it hides when nothing matches, and clears it in one click', async () => {
    signInLocally('cornell', { ...testUser, college: 'ithaca' });
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => {
        // The handler answers the call being made, the last one recorded.
        const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
        return { body: url.searchParams.getAll('colleges').length > 0 ? [] : [cornellRide] };
      },
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage />);
    expect(await screen.findByTestId('active-filters')).toHaveTextContent(/Showing rides from\s*Ithaca/);
    expect(await screen.findByText('1 ride from other colleges is hidden by the college filter.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all colleges' }));
    expect(await screen.findByRole('article', { name: 'Ithaca → Boston' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-filters')).toBeNull();
  });
});
