import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, consoleErrors } from '../../../test/console-errors';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { anonymousView, otherPassenger, ownRequest, rideRequest } from '../test/ride-request-fixture';
import { RideRequestList } from './ride-request-list';

const originalZone = process.env.TZ;
beforeAll(() => {
  // The viewer's clock: 03:30 UTC on the 14th is 23:30 on the 13th in New York.
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalZone;
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(list: unknown, status = 200) {
  return fakeServer({
    'GET /api/ride-requests': () => ({ status, body: list }),
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
  });
}

describe('RideRequestList', () => {
  it('shows the heading, the count and a card with everything the spec lists', async () => {
    signInLocally();
    serve([rideRequest()]);
    renderWithApp(<RideRequestList />);

    expect(screen.getByRole('heading', { name: 'Upcoming ride requests' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Ithaca to New York City' });
    expect(screen.getByText('Showing 1 ride request')).toBeInTheDocument();
    const inCard = within(card);
    expect(inCard.getByText('Collegetown bus stop')).toBeInTheDocument();
    expect(inCard.getByText('Port Authority')).toBeInTheDocument();
    expect(inCard.getByText('Posted 5 minutes ago')).toBeInTheDocument();
    expect(inCard.getByText('Seats needed').nextSibling).toHaveTextContent('2');
    expect(inCard.getByText('Suitcases needed').nextSibling).toHaveTextContent('3');
    expect(inCard.getByText('Happy to split gas')).toBeInTheDocument();
    expect(inCard.getByText('Wed, 13 Mar 2030')).toBeInTheDocument();
    expect(inCard.getByText('11:30 PM')).toBeInTheDocument();
    // The first name only, linking to the profile.
    expect(inCard.getByRole('link', { name: /Grace/ })).toHaveAttribute('href', `/profile/${otherPassenger.id}`);
    expect(inCard.queryByText(/Hopper/)).not.toBeInTheDocument();
    // The passenger's rating, as drivers choose whom to offer a ride.
    expect(inCard.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toBeInTheDocument();
  });

  it('asks a signed-out viewer to sign in to view passenger details', async () => {
    serve([anonymousView(rideRequest())]);
    const openAuth = vi.fn();
    window.addEventListener('open-auth-modal', openAuth);
    renderWithApp(<RideRequestList />);

    const card = await screen.findByRole('article', { name: 'Ithaca to New York City' });
    expect(card).toHaveTextContent('Sign in to view passenger details');
    expect(within(card).queryByText('Anonymous passenger')).not.toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Sign in' }));
    window.removeEventListener('open-auth-modal', openAuth);
    expect(openAuth).toHaveBeenCalledTimes(1);
  });

  it('says "Anonymous passenger" when a signed-in viewer gets nobody named', async () => {
    signInLocally();
    serve([rideRequest({ passenger: null })]);
    renderWithApp(<RideRequestList />);
    expect(await screen.findByText('Anonymous passenger')).toBeInTheDocument();
  });

  it('opens Details with the local date and time and a Contact Passenger link under the region', async () => {
    signInLocally('nj');
    serve([rideRequest({ from: 'hoboken', to: 'princeton', passenger: { ...otherPassenger, driverVerified: true } })]);
    renderWithApp(<RideRequestList />, { path: '/nj/ride-requests' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Details' }));
    // The dialog's code loads on the first Details.
    const dialog = await screen.findByRole('dialog', { name: 'Ride Request Details' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('Date').closest('div')).toHaveTextContent('Wed, 13 Mar 2030');
    expect(inDialog.getByText('Time').closest('div')).toHaveTextContent('11:30 PM');
    expect(inDialog.getByText('Seats needed').closest('div')).toHaveTextContent('2');
    expect(inDialog.getByText('Suitcases needed').closest('div')).toHaveTextContent('3');
    expect(inDialog.getByText('Happy to split gas')).toBeInTheDocument();
    expect(inDialog.getByText('Verified Passenger')).toBeInTheDocument();
    expect(inDialog.getByRole('link', { name: 'Contact Passenger' })).toHaveAttribute(
      'href',
      `/nj/conversation-messages/${otherPassenger.id}`,
    );
    expect(inDialog.queryByText('This is your ride request.')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "Verified Passenger" only of a verified passenger, in Details and never on the card', async () => {
    signInLocally();
    const verified = rideRequest({ id: '5b2d4f6a-8c0e-4a2c-9e4b-6d8f0a2c4e61', to: 'boston', passenger: { ...otherPassenger, driverVerified: true } });
    serve([rideRequest(), verified]);
    renderWithApp(<RideRequestList />);
    const user = userEvent.setup();
    const unverifiedCard = await screen.findByRole('article', { name: 'Ithaca to New York City' });
    const verifiedCard = screen.getByRole('article', { name: 'Ithaca to Boston' });
    expect(screen.getByText('Showing 2 ride requests')).toBeInTheDocument();
    expect(screen.queryByText('Verified Passenger')).not.toBeInTheDocument();

    await user.click(within(unverifiedCard).getByRole('button', { name: 'Details' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ride Request Details' });
    expect(within(dialog).getByRole('link', { name: /Grace/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Verified Passenger')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(verifiedCard).getByRole('button', { name: 'Details' }));
    dialog = await screen.findByRole('dialog', { name: 'Ride Request Details' });
    expect(within(dialog).getByText('Verified Passenger')).toBeInTheDocument();
  });

  it('hides Contact Passenger on your own request and says it is yours', async () => {
    signInLocally();
    serve([ownRequest()]);
    renderWithApp(<RideRequestList />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Details' }));
    // The dialog's code loads on the first Details.
    const dialog = await screen.findByRole('dialog', { name: 'Ride Request Details' });
    expect(within(dialog).getByText('This is your ride request.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Contact Passenger' })).not.toBeInTheDocument();
  });

  it('offers a signed-out viewer the sign-in prompt in Details, not the contact link', async () => {
    serve([anonymousView(rideRequest())]);
    renderWithApp(<RideRequestList />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Details' }));
    // The dialog's code loads on the first Details.
    const dialog = await screen.findByRole('dialog', { name: 'Ride Request Details' });
    expect(dialog).toHaveTextContent('Sign in to view passenger details');
    expect(within(dialog).queryByRole('link', { name: 'Contact Passenger' })).not.toBeInTheDocument();
  });

  it('sends the filters with the viewer time zone and shows the empty text', async () => {
    const fetchMock = serve([]);
    renderWithApp(<RideRequestList from="ithaca" to="boston" date="2030-03-13" />);
    expect(await screen.findByText('No ride requests match your search criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 ride requests')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/ride-requests'));
    const query = new URL(String(call?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ from: 'ithaca', to: 'boston', date: '2030-03-13', timezone: 'America/New_York' });
    expect((call?.[1]?.headers as Record<string, string>)['x-region']).toBe('cornell');
  });

  it('says the fetch failed when the server fails', async () => {
    // The server refuses the search, and the app logs the failure.
    allowConsoleErrors(/^Failed to fetch ride requests ApiError: no$/);
    serve({ error: 'no', message: 'no', code: 'VALIDATION_FAILED' }, 400);
    renderWithApp(<RideRequestList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch ride requests. Please try again later.');
    await waitFor(() => expect(consoleErrors()).toEqual(['Failed to fetch ride requests ApiError: no']));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
