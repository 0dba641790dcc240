import { TEXTS } from '@carpool/shared/texts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { HomePage } from './home-page';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

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
});
