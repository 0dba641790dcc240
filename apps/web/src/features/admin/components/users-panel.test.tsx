import type { AdminUser, AdminUserDetail } from '@carpool/shared/schemas/trust';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { UsersPanel } from './users-panel';

const admin = { ...testUser, isAdmin: true };
const DAN = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a01';
const PIA = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a02';

const dan: AdminUser = {
  id: DAN,
  name: 'Dan Driver',
  email: 'dan@cornell.edu',
  college: 'cornell',
  createdAt: '2026-01-05T10:00:00.000Z',
  verificationStatus: 'rejected',
  driverVerified: false,
  suspended: false,
  suspensionReason: null,
  deleted: false,
  counts: { rides: 1, bookings: 1, reportsAgainst: 1, reportsMade: 0 },
};

const ride = { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0b01', from: 'Ithaca', to: 'New York City', departsAt: '2026-03-12T19:00:00.000Z', status: 'active' as const, hidden: false };

function detail(user: AdminUser): AdminUserDetail {
  return {
    user,
    rides: [{ ...ride, totalSeats: 3, seatsAvailable: 1 }],
    bookings: [{ id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0c01', seats: 2, status: 'cancelled', createdAt: '2026-03-01T10:00:00.000Z', ride: { ...ride, to: 'Philadelphia' } }],
    reportsMade: [],
    reportsAgainst: [
      {
        id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01',
        targetType: 'ride',
        targetId: ride.id,
        reason: 'unsafe_driving',
        details: 'Far too fast',
        status: 'open',
        action: null,
        resolutionNote: null,
        createdAt: '2026-03-02T10:00:00.000Z',
        resolvedAt: null,
        reporter: { id: PIA, name: 'Pia Passenger' },
        targetUser: { id: DAN, name: 'Dan Driver', email: 'dan@cornell.edu', suspended: user.suspended },
        targetSummary: 'Ithaca → New York City',
        rideId: ride.id,
      },
    ],
    verification: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01', status: 'rejected', createdAt: '2026-02-01T10:00:00.000Z', decidedAt: '2026-02-02T10:00:00.000Z', rejectReason: 'Blurred licence' },
  };
}

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', admin);
});
afterEach(() => vi.unstubAllGlobals());

describe('UsersPanel per-user view', () => {
  it("opens a user's record with rides, bookings, reports and verification, suspends them, and goes back", async () => {
    let current = dan;
    const suspended: unknown[] = [];
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/users': () => ({ body: { users: [current] } }),
      [`GET /api/admin/users/${DAN}`]: () => ({ body: detail(current) }),
      [`POST /api/admin/users/${DAN}/suspend`]: (init) => {
        suspended.push(JSON.parse(String(init?.body)));
        current = { ...current, suspended: true, suspensionReason: 'Speeding' };
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<UsersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Open Dan Driver' }));

    const heading = await screen.findByRole('heading', { name: 'Dan Driver', level: 2 });
    expect(heading).toHaveFocus();
    const rides = screen.getByRole('region', { name: 'Rides' });
    expect(rides).toHaveTextContent('Ithaca → New York City');
    expect(rides).toHaveTextContent('2 of 3 seats taken');
    expect(screen.getByRole('region', { name: 'Bookings' })).toHaveTextContent(/Ithaca → Philadelphia.*cancelled.*2 seats/);
    const against = screen.getByRole('region', { name: 'Reports about them' });
    expect(against).toHaveTextContent('Unsafe driving');
    expect(against).toHaveTextContent('Their ride, reported by Pia Passenger');
    expect(within(against).getByRole('link', { name: 'Pia Passenger' })).toHaveAttribute('href', `/profile/${PIA}`);
    expect(screen.getByRole('region', { name: 'Reports they made' })).toHaveTextContent('They reported nobody.');
    expect(screen.getByRole('region', { name: 'Verification' })).toHaveTextContent(/Rejected.*Reason given: Blurred licence/);

    await user.type(screen.getByLabelText('Reason for the suspension'), 'Speeding');
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(suspended).toEqual([{ reason: 'Speeding' }]);
    expect(screen.getByText('Reason: Speeding')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to results' }));
    expect(await screen.findByRole('article', { name: 'Dan Driver' })).toHaveTextContent('Suspended');
  });

  it("says so when the user's record cannot be read", async () => {
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/users': () => ({ body: { users: [dan] } }),
      [`GET /api/admin/users/${DAN}`]: () => ({ status: 404, body: { error: 'User not found', message: 'User not found', code: 'NOT_FOUND' } }),
    });
    const user = userEvent.setup();
    renderWithApp(<UsersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Open Dan Driver' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});
