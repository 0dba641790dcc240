import type { Review } from '@carpool/shared/schemas/reviews';
import type { SessionUser, UserProfile } from '@carpool/shared/schemas/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../../../app/root';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { ProfilePage } from './profile-page';
import { UserProfilePage } from './user-profile-page';

const stats = { reviewCount: 3, averageRating: 4.5, ridesAsDriver: 2, ridesAsPassenger: 1, impact: { milesShared: 12345, co2SavedKg: 4938, moneySaved: 610 } };

function profileOf(user: SessionUser): UserProfile {
  const { email: _email, isAdmin: _isAdmin, ...rest } = user;
  return { ...rest, stats };
}

function reviewNumber(n: number): Review {
  const id = `0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0b0${n}`;
  return {
    id,
    bookingId: id,
    rideId: id,
    reviewType: 'driver',
    stars: 5,
    comment: `Review number ${n}`,
    createdAt: '2026-03-10T15:00:00.000Z',
    reviewer: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0c01', name: 'Rae Reviewer', avatar: null },
    reviewee: { id: testUser.id, name: testUser.name, avatar: null },
  };
}

function serve(user: SessionUser, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user } }),
    'GET /api/stripe/account-status': () => ({ body: { payouts_enabled: false } }),
    [`GET /api/users/${user.id}`]: () => ({ body: profileOf(user) }),
    [`GET /api/users/${user.id}/reviews`]: () => ({ body: { reviews: [1, 2, 3].map(reviewNumber), total: 3 } }),
    ...extra,
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfilePage', () => {
  it("tells a rejected applicant the administrators' reason, and a pending one nothing of the sort", async () => {
    const rejected = { ...testUser, verificationStatus: 'rejected' as const };
    signInLocally('cornell', rejected);
    serve(rejected, {
      'GET /api/users/me/verification': () => ({
        body: {
          verificationStatus: 'rejected',
          submission: {
            id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01',
            status: 'rejected',
            licenseExpiration: null,
            insuranceExpiration: null,
            createdAt: '2026-03-01T10:00:00.000Z',
            decidedAt: '2026-03-02T10:00:00.000Z',
            rejectReason: 'The insurance is unreadable',
            user: { id: rejected.id, name: rejected.name, email: rejected.email },
            documents: { licenseFront: '/api/files/a', licenseBack: '/api/files/b', insurance: '/api/files/c' },
          },
        },
      }),
    });
    const view = renderWithApp(<ProfilePage />);
    const notice = await screen.findByRole('region', { name: 'Your driver verification was not approved' });
    expect(await within(notice).findByText('The insurance is unreadable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Become a Verified Driver' })).toBeInTheDocument();
    view.unmount();

    localStorage.clear();
    const pending = { ...testUser, verificationStatus: 'pending' as const };
    signInLocally('cornell', pending);
    const pendingFetch = serve(pending);
    renderWithApp(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /verification was not approved/ })).not.toBeInTheDocument();
    expect(pendingFetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/me/verification'))).toEqual([]);
  });

  it('shows the stats, two reviews per kind, preferences, the payout note and the verification button', async () => {
    signInLocally();
    serve(testUser);
    renderWithApp(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@cornell.edu')).toBeInTheDocument();
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
    const statsList = screen.getByText('Avg. Rating').closest('dl')!;
    expect(statsList).toHaveTextContent('Reviews3');
    expect(statsList).toHaveTextContent('4.50');
    expect(within(statsList).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(statsList).toHaveTextContent('Rides as Driver2');
    expect(statsList).toHaveTextContent('Rides as Passenger1');
    const shared = screen.getByText('Miles shared').closest('dl')!;
    expect(shared).toHaveTextContent('Miles shared12,345');
    expect(shared).toHaveTextContent('CO₂ saved4,938 kg');
    expect(shared).toHaveTextContent('Money saved$610');
    expect(screen.getByText('Okay with Chatting')).toBeInTheDocument();
    expect(screen.getByText('NOT okay with Smoking')).toBeInTheDocument();
    expect(screen.getByText('Payouts are not enabled')).toBeInTheDocument();
    expect(await screen.findByText('Review number 2')).toBeInTheDocument();
    expect(screen.queryByText('Review number 3')).not.toBeInTheDocument();
    // Written as every date of the app is (rides, requests): the day on the viewer's calendar.
    expect(screen.getAllByText('Tue, 10 Mar 2026')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Become a Verified Driver' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'See all reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Reviews' });
    expect(await within(dialog).findByText('Review number 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Passenger' })).toBeInTheDocument();
  });

  it('hides "Become a Verified Driver" while pending and shows the ring and tick once verified', async () => {
    const pending = { ...testUser, verificationStatus: 'pending' as const };
    signInLocally('cornell', pending);
    serve(pending);
    const view = renderWithApp(<ProfilePage />);
    expect(await screen.findByText('Verification Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Become a Verified Driver' })).not.toBeInTheDocument();
    view.unmount();

    const verified = { ...testUser, verificationStatus: 'approved' as const, driverVerified: true };
    localStorage.clear();
    signInLocally('cornell', verified);
    serve(verified);
    renderWithApp(<ProfilePage />);
    expect(await screen.findByText('Verified Driver')).toBeInTheDocument();
    expect(screen.getByText('Verified driver')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Become a Verified Driver' })).not.toBeInTheDocument();
  });

  it('shows the server message when the profile cannot load, else "Failed to load profile"', async () => {
    signInLocally();
    serve(testUser, { [`GET /api/users/${testUser.id}`]: () => ({ status: 403, body: { error: 'Not for you', message: 'Not for you', code: 'FORBIDDEN' } }) });
    const view = renderWithApp(<ProfilePage />);
    expect(await screen.findByText('Not for you')).toBeInTheDocument();
    view.unmount();

    serve(testUser);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderWithApp(<ProfilePage />);
    expect(await screen.findByText('Failed to load profile', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('checks the avatar file before uploading it', async () => {
    signInLocally();
    const fetchMock = serve(testUser);
    renderWithApp(<ProfilePage />);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByText('PNG, JPG, GIF up to 5MB')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bio')).toHaveAttribute('placeholder', 'Tell us about yourself...');
    const input = within(dialog).getByLabelText('Profile picture');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select an image file');
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Image size must be less than 5MB');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('upload-image'))).toBe(false);
  });
});

describe('UserProfilePage', () => {
  function renderAt(id: string) {
    return renderWithApp([{ element: <AppRoot />, children: [{ path: '/profile/:userId', element: <UserProfilePage /> }] }], {
      path: `/profile/${id}`,
    });
  }

  it('asks signed-out visitors to sign in', () => {
    fakeServer({});
    renderWithApp(<UserProfilePage />);
    expect(screen.getByText('Please sign in to view user profiles.')).toBeInTheDocument();
  });

  it('says "User not found." for an unknown id', async () => {
    signInLocally();
    serve(testUser, { 'GET /api/users/0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01': () => ({ status: 404, body: { error: 'User not found', code: 'NOT_FOUND' } }) });
    const { unmount } = renderAt('0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01');
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
    unmount();
  });
});
