import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { RideRequestsPage } from './ride-requests-page';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve() {
  return fakeServer({
    'GET /api/ride-requests': () => ({ body: [] }),
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
  });
}

function requestedQueries(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/ride-requests')
    .map((url) => Object.fromEntries(url.searchParams));
}

function listenTo(name: string) {
  const listener = vi.fn();
  window.addEventListener(name, listener);
  return listener;
}

describe('RideRequestsPage', () => {
  it('names the region in the title and has the subtitle', async () => {
    serve();
    renderWithApp(<RideRequestsPage />, { path: '/ride-requests' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ride Requests at Cornell' })).toBeInTheDocument();
    expect(screen.getByText(/^Find passengers looking for rides/)).toBeInTheDocument();
    expect(await screen.findByText('No ride requests match your search criteria.')).toBeInTheDocument();
  });

  it('says "in New Jersey" in the nj region and offers its places', async () => {
    serve();
    renderWithApp(<RideRequestsPage />, { path: '/nj/ride-requests' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ride Requests in New Jersey' })).toBeInTheDocument();
    const from = within(screen.getByLabelText('Departing from'));
    expect(from.getByRole('option', { name: 'Hoboken' })).toBeInTheDocument();
    expect(from.queryByRole('option', { name: 'Ithaca' })).not.toBeInTheDocument();
  });

  it('searches by from, to and date when Search is pressed, and keeps the search in the address', async () => {
    const fetchMock = serve();
    const { router } = renderWithApp(<RideRequestsPage />, { path: '/ride-requests' });
    const user = userEvent.setup();
    await screen.findByText('No ride requests match your search criteria.');
    expect(requestedQueries(fetchMock)).toEqual([{}]);

    await user.selectOptions(screen.getByLabelText('Departing from'), 'Ithaca');
    await user.selectOptions(screen.getByLabelText('Going to'), 'Boston');
    // Nothing is asked before Search.
    expect(requestedQueries(fetchMock)).toHaveLength(1);
    await user.type(screen.getByLabelText('Date'), '2030-05-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(requestedQueries(fetchMock)).toHaveLength(2));
    expect(requestedQueries(fetchMock)[1]).toMatchObject({ from: 'ithaca', to: 'boston', date: '2030-05-01' });
    expect(router.state.location.search).toBe('?from=ithaca&to=boston&date=2030-05-01');
  });

  it('offers no day before today in the date filter', () => {
    serve();
    renderWithApp(<RideRequestsPage />, { path: '/ride-requests' });
    expect(screen.getByLabelText('Date').getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('Post a Request opens the sign-in dialog for a signed-out visitor', async () => {
    serve();
    const openAuth = listenTo('open-auth-modal');
    const openForm = listenTo('open-request-ride');
    renderWithApp(<RideRequestsPage />, { path: '/ride-requests' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Post a Request' }));
    window.removeEventListener('open-auth-modal', openAuth);
    window.removeEventListener('open-request-ride', openForm);
    expect(openAuth).toHaveBeenCalledTimes(1);
    expect(openForm).not.toHaveBeenCalled();
  });

  it('Post a Request opens the form for a signed-in user', async () => {
    signInLocally();
    serve();
    const openAuth = listenTo('open-auth-modal');
    const openForm = listenTo('open-request-ride');
    renderWithApp(<RideRequestsPage />, { path: '/ride-requests' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Post a Request' }));
    window.removeEventListener('open-auth-modal', openAuth);
    window.removeEventListener('open-request-ride', openForm);
    expect(openForm).toHaveBeenCalledTimes(1);
    expect(openAuth).not.toHaveBeenCalled();
  });
});
