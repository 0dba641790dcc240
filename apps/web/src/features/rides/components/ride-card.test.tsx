import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { BINGHAMTON_TO_NYC, rideFixture, rideWithStopsFixture, type RideOverrides } from '../test/ride-fixture';
import { RideCard } from './ride-card';

const driverId = '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12';

function rideWith(overrides: RideOverrides = {}): Ride {
  return rideFixture({
    from: 'new_york_city',
    to: 'ithaca',
    date: '2030-03-12',
    departsAt: '2030-03-12T14:30:00.000Z',
    notes: ['No smoking'],
    postedTime: '5 minutes ago',
    createdAt: '2030-03-01T10:00:00.000Z',
    pickupAddress: 'Port Authority',
    driver: { id: driverId, name: 'Grace Hopper', info: '', avatar: null, avatarColor: null, college: 'ithaca', driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES },
    ...overrides,
  });
}

describe('RideCard', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeServer({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('shows the route with labels, the facts, the notes and the driver with a profile link', () => {
    signInLocally();
    renderWithApp(<RideCard ride={rideWith()} viewerId={testUser.id} onOpen={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'New York City → Ithaca' });
    expect(card).toHaveTextContent('Port Authority');
    expect(card).toHaveTextContent('Posted 5 minutes ago');
    expect(card).toHaveTextContent('$25per seat');
    expect(card).toHaveTextContent('3 of 4');
    expect(card).toHaveTextContent('2 of 3');
    expect(card).toHaveTextContent('No smoking');
    expect(screen.getByRole('link', { name: 'Grace' })).toHaveAttribute('href', `/profile/${driverId}`);
    expect(card).toHaveTextContent('Ithaca');
  });

  it("shows the driver's rating, or New driver, the verified tick and the seats as icons", () => {
    signInLocally();
    const { unmount } = renderWithApp(<RideCard ride={rideWith()} viewerId={testUser.id} onOpen={vi.fn()} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('New driver');
    expect(screen.queryByLabelText('Verified driver')).toBeNull();
    const icons = screen.getByTestId('seat-icons').querySelectorAll('svg');
    expect([...icons].map((icon) => icon.getAttribute('data-free'))).toEqual(['true', 'true', 'true', 'false']);
    unmount();

    const rated = rideWith();
    rated.driver = { ...rated.driver!, reviewCount: 12, averageRating: 4.8, driverVerified: true };
    renderWithApp(<RideCard ride={rated} viewerId={testUser.id} onOpen={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5 from 12 reviews' })).toHaveTextContent('4.8 (12 reviews)');
    expect(screen.getByRole('article')).not.toHaveTextContent('New driver');
    expect(screen.getByLabelText('Verified driver')).toBeInTheDocument();
  });

  it('shows "Edited" only on a ride its driver changed, with when in the app\'s date format', () => {
    signInLocally();
    vi.stubEnv('TZ', 'America/New_York');
    const { unmount } = renderWithApp(<RideCard ride={rideWith()} viewerId={testUser.id} onOpen={vi.fn()} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('Edited');
    unmount();
    renderWithApp(<RideCard ride={rideWith({ editedAt: '2026-03-10T12:00:00.000Z' })} viewerId={testUser.id} onOpen={vi.fn()} />);
    expect(screen.getByRole('article')).toHaveTextContent('Edited');
    expect(screen.getByText('Edited')).toHaveAttribute('title', 'Edited by the driver on Tue, 10 Mar 2026, 8:00 AM');
  });

  it('lets a long note without spaces wrap inside the card', () => {
    signInLocally();
    const note = 'x'.repeat(300);
    renderWithApp(<RideCard ride={rideWith({ notes: [note] })} viewerId={testUser.id} onOpen={vi.fn()} />);
    // A flex item is never narrower than its content without min-w-0; break-word alone leaves that at the whole word.
    expect(screen.getByText(note)).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
  });

  it.each([
    [null, 'Reserve', false],
    ['pending', 'Pending', false],
    ['confirmed', 'Confirmed', false],
    ['cancelled', 'Declined', true],
  ] as const)('reads the booking %s as %s', (status, label, disabled) => {
    signInLocally();
    const myBooking = status ? { id: driverId, status, seats: 1, suitcases: 1 } : null;
    renderWithApp(<RideCard ride={rideWith({ myBooking })} viewerId={testUser.id} onOpen={vi.fn()} />);
    const button = screen.getByRole('button', { name: new RegExp(`^${label}:`) });
    expect(button).toHaveTextContent(label);
    expect(button.hasAttribute('disabled')).toBe(disabled);
  });

  it('reads Details on your own ride and opens it', async () => {
    signInLocally();
    const onOpen = vi.fn();
    const ride = rideWith({ driver: { ...rideWith().driver!, id: testUser.id } });
    renderWithApp(<RideCard ride={ride} viewerId={testUser.id} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /^Details:/ }));
    expect(onOpen).toHaveBeenCalledWith(ride);
  });

  it('shows the part of the route a search asked for first, with its times, room and price, and the whole ride under it', async () => {
    signInLocally();
    vi.stubEnv('TZ', 'America/New_York');
    const onOpen = vi.fn();
    const ride = rideWithStopsFixture({ segment: BINGHAMTON_TO_NYC });
    renderWithApp(<RideCard ride={ride} viewerId={testUser.id} onOpen={onOpen} />);
    const card = screen.getByRole('article', { name: 'Binghamton → New York City' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Binghamton→New York City');
    expect(card).toHaveTextContent('part of Ithaca → New York City');
    // Boards at Binghamton at 15:30 UTC, arrives 18:30 UTC: the viewer's clock.
    expect(card).toHaveTextContent('Thu, 12 Mar 2099');
    expect(card).toHaveTextContent('11:30 AM');
    expect(card).toHaveTextContent('Arrives 2:30 PM');
    expect(card).not.toHaveTextContent('10:30 AM');
    // The smallest room over the part's legs, not the whole ride's (1 seat on the first leg).
    expect(card).toHaveTextContent('2 of 4');
    expect(card).toHaveTextContent('1 of 3');
    expect(card).toHaveTextContent('$30per seat');
    await userEvent.click(screen.getByRole('button', { name: 'Reserve: Binghamton → New York City' }));
    expect(onOpen).toHaveBeenCalledWith(ride);
  });

  it('names the stops of a whole ride, and offers the waiting list when the part looked at is full', () => {
    signInLocally();
    const { unmount } = renderWithApp(<RideCard ride={rideWithStopsFixture()} viewerId={testUser.id} onOpen={vi.fn()} />);
    expect(screen.getByRole('article', { name: 'Ithaca → New York City' })).toHaveTextContent('via Binghamton, Scranton');
    unmount();

    const full = rideWithStopsFixture({ segment: { ...BINGHAMTON_TO_NYC, seatsAvailable: 0 } });
    renderWithApp(<RideCard ride={full} viewerId={testUser.id} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Join waiting list: Binghamton → New York City' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('0 of 4');
  });

  it('shows the sign-in prompt instead of the driver when signed out', () => {
    renderWithApp(<RideCard ride={rideWith({ driver: null })} viewerId={null} onOpen={vi.fn()} />);
    expect(screen.getByText(TEXTS.reservePromptTitle)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
