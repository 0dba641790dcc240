import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import { RIDE_MESSAGES_IN_RIDE } from '@carpool/shared/constants';
import type { Booking } from '@carpool/shared/schemas/bookings';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture, rideWithStopsFixture } from '../test/ride-fixture';
import { BookedRideCard, PostedRideCard } from './my-ride-cards';

const rideId = '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b';
const passengerId = '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12';
const bookingId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function message(index: number, content = `message ${index}`): RideMessage {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    rideId,
    userId: passengerId,
    userName: 'Pat Passenger',
    user: { id: passengerId, name: 'Pat Passenger', avatar: null },
    content,
    timestamp: new Date(Date.UTC(2099, 2, 1, 10, index)).toISOString(),
    kind: 'user',
  };
}

function rideWith(overrides: Partial<Ride> = {}): Ride {
  return rideFixture({
    id: rideId,
    createdAt: '2099-03-01T10:00:00.000Z',
    driver: { id: testUser.id, name: testUser.name, info: '', avatar: null, avatarColor: null, college: 'cornell', driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES },
    canDelete: true,
    ...overrides,
  });
}

describe('My Rides cards', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    fakeServer({});
  });

  it('previews the last 2 of the ride messages, cut at 30 characters, and how many more the chat holds', async () => {
    const latest = Array.from({ length: RIDE_MESSAGES_IN_RIDE }, (_, index) => message(index + 6));
    latest[latest.length - 1] = message(RIDE_MESSAGES_IN_RIDE + 5, 'A long message that goes past the thirty characters');
    renderWithApp(<PostedRideCard ride={rideWith({ messages: latest, messageCount: RIDE_MESSAGES_IN_RIDE + 5 })} onView={vi.fn()} />);
    const card = await screen.findByRole('article', { name: 'Ithaca → Boston' });
    const lines = within(card).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([`Pat Passenger: message ${RIDE_MESSAGES_IN_RIDE + 4}`, 'Pat Passenger: A long message that goes past ...']);
    expect(within(card).getByText(`+${RIDE_MESSAGES_IN_RIDE + 3} more messages`)).toBeInTheDocument();
    expect(within(card).getByText(TEXTS.empty.passengers)).toBeInTheDocument();
  });

  it('shows no preview for a ride without messages and no "more" line for a short chat', async () => {
    const { unmount } = renderWithApp(<PostedRideCard ride={rideWith()} onView={vi.fn()} />);
    const card = await screen.findByRole('article', { name: 'Ithaca → Boston' });
    expect(within(card).queryByText('Messages')).toBeNull();
    unmount();

    const booking: Booking = {
      id: bookingId,
      rideId,
      userId: testUser.id,
      user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null },
      seats: 1,
      suitcases: 1,
      status: 'confirmed',
      from: 'ithaca',
      to: 'boston',
      createdAt: '2099-03-01T10:00:00.000Z',
      updatedAt: '2099-03-01T10:00:00.000Z',
      ride: rideWith({ messages: [message(1), message(2)], messageCount: 2, canDelete: false }),
    };
    renderWithApp(<BookedRideCard booking={booking} onView={vi.fn()} onCancel={vi.fn()} cancelling={false} />);
    const booked = await screen.findByRole('article', { name: 'Ithaca → Boston' });
    expect(within(booked).getByText('Messages')).toBeInTheDocument();
    expect(within(booked).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pat Passenger: message 1', 'Pat Passenger: message 2']);
    expect(within(booked).queryByText(/more message/)).toBeNull();
  });
  it('says a completed booking of a completed ride once', async () => {
    const booking: Booking = {
      id: bookingId,
      rideId,
      userId: testUser.id,
      user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null },
      seats: 1,
      suitcases: 1,
      status: 'completed',
      from: 'ithaca',
      to: 'boston',
      createdAt: '2099-03-01T10:00:00.000Z',
      updatedAt: '2099-03-01T10:00:00.000Z',
      ride: rideWith({ status: 'completed', canDelete: false }),
    };
    renderWithApp(<BookedRideCard booking={booking} onView={vi.fn()} onCancel={vi.fn()} cancelling={false} />);
    const card = await screen.findByRole('article', { name: 'Ithaca → Boston' });
    expect(within(card).getAllByText('Completed')).toHaveLength(1);
    expect(within(card).getByText('Booking:')).toHaveClass('sr-only');
  });
});

describe('My Rides cards of a ride with stops', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    fakeServer({});
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('shows a booking of a part with where and when the passenger boards, and the whole ride under it', async () => {
    const ride = rideWithStopsFixture({ id: rideId, canDelete: false });
    const booking: Booking = {
      id: bookingId,
      rideId,
      userId: testUser.id,
      user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null },
      seats: 1,
      suitcases: 0,
      status: 'confirmed',
      from: 'binghamton',
      to: 'scranton',
      createdAt: '2099-03-01T10:00:00.000Z',
      updatedAt: '2099-03-01T10:00:00.000Z',
      ride,
    };
    renderWithApp(<BookedRideCard booking={booking} onView={vi.fn()} onCancel={vi.fn()} cancelling={false} />);
    const card = await screen.findByRole('article', { name: 'Binghamton → Scranton' });
    expect(card).toHaveTextContent('part of Ithaca → New York City');
    // Boards at Binghamton (15:30 UTC) and gets off at Scranton (16:45 UTC), on the viewer's clock.
    expect(card).toHaveTextContent('11:30 AM');
    expect(card).toHaveTextContent('Arrives 12:45 PM');
    expect(within(card).getByRole('button', { name: 'View Details: Binghamton → Scranton' })).toBeInTheDocument();
  });

  it("shows the driver the stops and each passenger's part", async () => {
    const ride = rideWithStopsFixture({
      id: rideId,
      passengers: [{ id: bookingId, status: 'pending', seats: 1, suitcases: 0, from: 'binghamton', to: 'new_york_city', user: { id: passengerId, name: 'Pat Passenger', avatar: null, avatarColor: null } }],
    });
    renderWithApp(<PostedRideCard ride={ride} onView={vi.fn()} />);
    const card = await screen.findByRole('article', { name: 'Ithaca → New York City' });
    expect(card).toHaveTextContent('via Binghamton, Scranton');
    expect(within(card).getByRole('listitem')).toHaveTextContent('Pat Passenger · 1 seat · Binghamton → New York City · Pending');
  });
});
