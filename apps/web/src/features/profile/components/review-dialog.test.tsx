import type { PendingReview } from '@carpool/shared/schemas/reviews';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { ReviewDialog } from './review-dialog';

const driverReview: PendingReview = {
  bookingId: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a01',
  rideId: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a02',
  reviewType: 'driver',
  from: 'ithaca',
  to: 'new_york_city',
  date: '2026-03-10',
  time: '14:00',
  departsAt: '2026-03-10T14:00:00.000Z',
  reviewee: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a03', name: 'Dana Driver', avatar: null },
};
const passengerReview: PendingReview = {
  ...driverReview,
  bookingId: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a04',
  reviewType: 'passenger',
  reviewee: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a05', name: 'Pat Passenger', avatar: null },
};

beforeEach(() => {
  localStorage.clear();
  signInLocally();
  vi.stubEnv('TZ', 'America/New_York');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('ReviewDialog', () => {
  function setup() {
    const submitted: unknown[] = [];
    const fetchMock = fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'POST /api/reviews/submit': (init) => {
        const body = JSON.parse(String(init?.body)) as { bookingId: string; stars: number; comment: string; reviewType: string };
        submitted.push(body);
        const reviewee = body.reviewType === 'driver' ? driverReview.reviewee : passengerReview.reviewee;
        const reviewer = { id: testUser.id, name: testUser.name, avatar: null };
        return {
          status: 201,
          body: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a09', rideId: driverReview.rideId, createdAt: '2026-03-10T15:00:00.000Z', reviewer, reviewee, ...body },
        };
      },
    });
    const onClose = vi.fn();
    renderWithApp(<ReviewDialog open onClose={onClose} pending={[driverReview, passengerReview]} />);
    return { submitted, fetchMock, onClose };
  }

  // Two whole reviews typed key by key through two dialog layers: longer than 5 s on a busy machine.
  it('asks for one review at a time and refuses a missing rating or comment, for both kinds', async () => {
    const { submitted } = setup();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Leave a Review' });
    expect(dialog).toHaveTextContent('Dana Driver');
    // The ride's day and time as every date of the app reads (UTC 14:00 is 10:00 in New York).
    expect(dialog).toHaveTextContent('Ithaca → New York City · Tue, 10 Mar 2026, 10:00 AM');
    expect(dialog).toHaveTextContent('Review 1 of 2');

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    // The shared SubmitReviewInput's rules, in the spec's words, under the rating and the comment.
    expect(await screen.findAllByText('Ratings and comments are required.')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription('Ratings and comments are required.');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(screen.getAllByText('Ratings and comments are required.')).toHaveLength(1));
    expect(screen.getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription('Ratings and comments are required.');
    expect(submitted).toHaveLength(0);
    await user.clear(screen.getByLabelText('Comment'));

    await user.type(screen.getByLabelText('Comment'), 'Smooth ride, on time.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Pat Passenger')).toBeInTheDocument();
    expect(submitted).toEqual([{ bookingId: driverReview.bookingId, reviewType: 'driver', stars: 4, comment: 'Smooth ride, on time.' }]);

    // The driver side has the same rule (decision: docs/decisions/web-profile-and-reviews.md).
    await user.type(screen.getByLabelText('Comment'), 'Friendly');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Ratings and comments are required.')).toBeInTheDocument();
    expect(submitted).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('All caught up. Thanks for your reviews!')).toBeInTheDocument();
    expect(submitted[1]).toEqual({ bookingId: passengerReview.bookingId, reviewType: 'passenger', stars: 5, comment: 'Friendly' });
  }, 20_000);

  it('shows Submitting... while the review is sent, and a too-long comment is refused by the shared rule first', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const submitted: unknown[] = [];
    fakeServer({
      'POST /api/reviews/submit': (init) => {
        submitted.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<ReviewDialog open onClose={() => undefined} pending={[driverReview]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    // maxLength stops typing past the limit; a pasted or programmatic value still meets the schema.
    const comment = screen.getByLabelText('Comment');
    comment.removeAttribute('maxLength');
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Use at most 1000 characters.')).toBeInTheDocument();
    expect(submitted).toHaveLength(0);

    await user.clear(comment);
    await user.type(comment, '  Kind and punctual ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(submitted).toEqual([{ bookingId: driverReview.bookingId, reviewType: 'driver', stars: 3, comment: 'Kind and punctual' }]);
    answer.resolve({ status: 400, body: { error: 'Invalid request: body.comment too long', message: 'x', code: 'VALIDATION_FAILED', details: [{ path: 'body.comment', message: 'Too long' }] } });
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request: body.comment too long');
  });

  it('lets the keyboard pick stars with the arrow keys', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });
});
