import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { MyRidesPage } from './my-rides-page';

const RIDE_ID = '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ride = rideFixture({
  id: RIDE_ID,
  driver: { id: testUser.id, name: testUser.name, info: '', avatar: null, avatarColor: null, college: 'cornell', driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES },
  canDelete: true,
});

describe('a link to a ride (?ride=<id>, as e-mails and notifications give it)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('opens that ride on My Rides, and forgets the link once the dialog closes', async () => {
    signInLocally('cornell', testUser);
    fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: [ride] }),
      [`GET /api/bookings/user/${testUser.id}`]: () => ({ body: [] }),
      [`GET /api/rides/${RIDE_ID}`]: () => ({ body: ride }),
    });
    const { router } = renderWithApp(<MyRidesPage />, { path: `/my-rides?ride=${RIDE_ID}` });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent(/Ithaca/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('ignores a link whose id is not a ride id', async () => {
    signInLocally('cornell', testUser);
    fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: [ride] }),
      [`GET /api/bookings/user/${testUser.id}`]: () => ({ body: [] }),
    });
    renderWithApp(<MyRidesPage />, { path: '/my-rides?ride=not-a-ride' });
    expect(await screen.findByText(/View Details/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
