import { TEXTS } from '@carpool/shared/texts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, consoleErrors } from '../../../test/console-errors';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { PendingReviewsButton } from './pending-reviews-button';

const due = {
  bookingId: '9b2c1d0e-3f4a-4b5c-8d6e-7f8091a2b3c4',
  rideId: '8a1b0c9d-2e3f-4a5b-9c6d-7e8f90a1b2c3',
  reviewType: 'driver',
  from: 'ithaca',
  to: 'new_york_city',
  date: '2026-03-12',
  time: '14:30',
  departsAt: '2026-03-12T14:30:00.000Z',
  reviewee: { id: '7c2d1e0f-4a5b-4c6d-8e7f-90a1b2c3d4e5', name: 'Dana Driver', avatar: null },
};

describe('PendingReviewsButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('floats the reviews-due button over room kept at the end of the page, so the last card scrolls clear of it', async () => {
    signInLocally();
    fakeServer({
      [`GET /api/reviews/getPassengerReviews/${testUser.id}`]: () => ({ body: [] }),
      [`GET /api/reviews/getDriverReviews/${testUser.id}`]: () => ({ body: [due] }),
    });
    renderWithApp(<PendingReviewsButton />);
    expect(await screen.findByRole('button', { name: TEXTS.profile.reviewsDue(1) })).toBeInTheDocument();
    expect(screen.getByTestId('reviews-due-spacer')).toHaveClass('h-20');
  });

  it('logs a list that failed and counts it as empty, showing the other', async () => {
    allowConsoleErrors(/^Failed to load pending reviews ApiError: boom$/);
    signInLocally();
    fakeServer({
      [`GET /api/reviews/getPassengerReviews/${testUser.id}`]: () => ({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL_ERROR' } }),
      [`GET /api/reviews/getDriverReviews/${testUser.id}`]: () => ({ body: [due] }),
    });
    renderWithApp(<PendingReviewsButton />);
    expect(await screen.findByRole('button', { name: TEXTS.profile.reviewsDue(1) })).toBeInTheDocument();
    await vi.waitFor(() => expect(consoleErrors()).toEqual(['Failed to load pending reviews ApiError: boom']));
  });

  it('keeps no room when no review is due', async () => {
    signInLocally();
    fakeServer({
      [`GET /api/reviews/getPassengerReviews/${testUser.id}`]: () => ({ body: [] }),
      [`GET /api/reviews/getDriverReviews/${testUser.id}`]: () => ({ body: [] }),
    });
    renderWithApp(<PendingReviewsButton />);
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining([expect.stringContaining('getDriverReviews')])));
    // Both lists answered empty: still nothing after the answers were handled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('reviews-due-spacer')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
