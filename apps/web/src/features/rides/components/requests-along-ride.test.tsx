import { WINDOW_EVENTS } from '@carpool/shared/constants';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchWindowEvent } from '../../../lib/window-events';
import { fakeServer, signInLocally } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideWithStopsFixture } from '../test/ride-fixture';
import { PostRideModal } from './post-ride-modal';
import { RequestsAlongRide } from './requests-along-ride';

const student = (id: string, name: string) => ({
  id,
  name,
  avatar: null,
  avatarColor: 'avatar-color-2',
  college: 'cornell' as const,
  reviewCount: 0,
  averageRating: null,
  driverVerified: false,
});

function request(overrides: Partial<RideRequest>): RideRequest {
  return {
    id: '3f1e0c8a-9b7d-4c2e-8a6f-1d3b5c7e9f01',
    from: 'binghamton',
    to: 'new_york_city',
    date: '2099-03-13',
    time: '16:00',
    // A Friday afternoon in New York.
    departsAt: '2099-03-13T20:00:00.000Z',
    seatsNeeded: 1,
    suitcasesNeeded: 1,
    notes: [],
    userId: null,
    preferredPickupAddress: '',
    preferredPickupLat: null,
    preferredPickupLng: null,
    preferredDropoffAddress: '',
    preferredDropoffLat: null,
    preferredDropoffLng: null,
    timezone: 'America/New_York',
    createdAt: '2099-03-01T12:00:00.000Z',
    postedTime: '5 minutes ago',
    passenger: null,
    isOwn: false,
    ...overrides,
  };
}

const ANN = student('1b7c2f0e-5a3d-4e8b-9c6f-0d2e4a6b8c10', 'Ann Asker');
const BEN = student('2c8d3f1e-6b4e-4f9c-8d7a-1e3f5b7c9d21', 'Ben Asker');
const CAT = student('3d9e4a2f-7c5f-4a0d-9e8b-2f4a6c8d0e32', 'Cat Asker');
const ALONG = [
  request({ id: 'a1a1a1a1-0000-4000-8000-000000000001', userId: ANN.id, passenger: ANN }),
  request({ id: 'a1a1a1a1-0000-4000-8000-000000000002', userId: BEN.id, passenger: BEN, seatsNeeded: 2 }),
  request({ id: 'a1a1a1a1-0000-4000-8000-000000000003', userId: CAT.id, passenger: CAT, from: 'ithaca', to: 'binghamton', departsAt: '2099-03-13T18:00:00.000Z' }),
];

describe('RequestsAlongRide', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/New_York' } as Intl.ResolvedDateTimeFormatOptions);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('groups the students by part of the route and day, and offers a message to each', () => {
    fakeServer({});
    renderWithApp(<RequestsAlongRide requests={ALONG} />);
    const section = screen.getByRole('region', { name: 'Students asking along your route' });
    expect(within(section).getByText('2 students want Binghamton → New York City on Friday')).toBeInTheDocument();
    expect(within(section).getByText('1 student wants Ithaca → Binghamton on Friday')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Message Ben Asker' })).toHaveAttribute('href', `/conversation-messages/${BEN.id}`);
    expect(within(section).getAllByRole('link', { name: /^Message / })).toHaveLength(3);
  });

  it('shows nothing when nobody asks', () => {
    fakeServer({});
    renderWithApp(<RequestsAlongRide requests={[]} />);
    expect(screen.queryByRole('region', { name: 'Students asking along your route' })).toBeNull();
  });

  it.each([
    ['shows the students the new ride serves once it is posted', ALONG, true],
    ['closes at once when the new ride serves nobody', [], false],
  ])('the post dialog %s', async (_, along, stays) => {
    const posted = rideWithStopsFixture();
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      'GET /api/places/on-the-way': () => ({ body: [] }),
      'GET /api/rides/price-suggestion': () => ({ body: { miles: 220, suggestedPrice: 38, warnAbove: 57, maxPrice: null } }),
      'POST /api/rides': () => ({ status: 201, body: posted }),
      [`GET /api/rides/${posted.id}/open-requests`]: () => ({ body: along }),
    });
    renderWithApp(<PostRideModal />);
    act(() => dispatchWindowEvent(WINDOW_EVENTS.openPostRide, undefined));
    const dialog = await screen.findByRole('dialog', { name: 'Post a New Ride' });
    await userEvent.selectOptions(within(dialog).getByLabelText('From'), 'ithaca');
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'new_york_city');
    await userEvent.type(within(dialog).getByLabelText('Date'), '2099-03-13');
    await userEvent.type(within(dialog).getByLabelText('Time'), '12:00');
    await userEvent.type(within(dialog).getByLabelText('Price per seat ($)'), '38');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Ride' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/open-requests'))).toBe(true));
    if (stays) {
      const after = await screen.findByRole('dialog', { name: 'Your ride is posted' });
      expect(within(after).getByText('2 students want Binghamton → New York City on Friday')).toBeInTheDocument();
      await userEvent.click(within(after).getByRole('button', { name: 'Done' }));
    }
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
