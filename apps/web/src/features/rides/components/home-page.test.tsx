import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { HomePage } from './home-page';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

const cornellRide = rideFixture();

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
    // A 500 is asked again twice (1 s, then 2 s later) before the page gives up: the default wait (10 s) covers it on a busy machine.
    expect(await screen.findByText(TEXTS.fetchRidesFailed)).toBeInTheDocument();
  });

  it('offers a ride request for the searched places and day when no ride matches, and asks a signed-out visitor to sign in', async () => {
    signInLocally('cornell', { ...testUser, college: 'cornell' });
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener(WINDOW_EVENTS.openRequestRide, listener);
    try {
      renderWithApp(<HomePage />);
      expect(await screen.findByText(TEXTS.rides.requestInstead)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: TEXTS.rides.postRequestForSearch }));
      expect(opened).toEqual([{ from: '', to: '', date: '' }]);
    } finally {
      window.removeEventListener(WINDOW_EVENTS.openRequestRide, listener);
    }
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
