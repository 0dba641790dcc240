import { SPEC_REGION_SUMMARIES, specRegionDetail } from '@carpool/shared/fixtures/spec-regions';
import { TEXTS } from '@carpool/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicSocketFactory, type PublicSocket } from '../lib/socket';
import { fakeServer, signInLocally, testUser } from '../test/fake-server';
import { FakeSocket } from '../test/fake-socket';
import { renderWithApp } from '../test/render-with-app';
import { routes } from './router';

beforeEach(() => {
  localStorage.clear();
  // The layout follows the region's live seat counts; here on a socket that never connects.
  setPublicSocketFactory((options) => new FakeSocket(options) as unknown as PublicSocket);
  fakeServer({
    'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    // What the layout asks for a signed-in user on every page (spec sections 7 and 8).
    'GET /api/stripe/account-status': () => ({ body: { payouts_enabled: false } }),
    [`GET /api/reviews/getPassengerReviews/${testUser.id}`]: () => ({ body: [] }),
    [`GET /api/reviews/getDriverReviews/${testUser.id}`]: () => ({ body: [] }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setPublicSocketFactory(null);
});

// Pages and dialogs load lazily: the first render of one compiles its module, which on a busy
// machine can take longer than findBy's default second.
const LAZY = { timeout: 5_000 };

function currentPath(router: { state: { location: { pathname: string; search: string } } }) {
  return router.state.location.pathname + router.state.location.search;
}

describe('routes and guards', () => {
  it('sends a signed-out visit of /my-rides and /nj/profile to the home page of the region', async () => {
    const first = renderWithApp(routes, { path: '/my-rides' });
    await waitFor(() => expect(currentPath(first.router)).toBe('/'));
    first.unmount();
    const second = renderWithApp(routes, { path: '/nj/profile' });
    await waitFor(() => expect(currentPath(second.router)).toBe('/nj'));
  });

  it('sends a signed-out conversation to the login route with the redirect', async () => {
    const { router } = renderWithApp(routes, { path: '/nj/conversation-messages/abc' });
    await waitFor(() => expect(currentPath(router)).toBe('/nj/login?redirect=conversation-messages/abc'));
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, LAZY)).toBeInTheDocument();
  });

  it('sends your own profile id to /profile and shows your name in the header', async () => {
    signInLocally();
    const { router } = renderWithApp(routes, { path: `/profile/${testUser.id}` });
    await waitFor(() => expect(currentPath(router)).toBe('/profile'));
    expect(screen.getAllByRole('link', { name: /Ada Lovelace/ }).length).toBeGreaterThan(0);
  });

  it('shows the region subtitle with the beta tag and region-kept links', async () => {
    renderWithApp(routes, { path: '/nj' });
    expect(await screen.findByText('Intercity Carpool Platform for New Jersey')).toBeInTheDocument();
    expect(screen.getByText('beta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Carpool/ })).toHaveAttribute('href', '/nj');
  });

  it("mounts any served region's pages under its slug, and answers a slug that names none with the not-found page, asking nothing for it", async () => {
    const rochester = { ...specRegionDetail('nj'), slug: 'rochester', name: 'Rochester', subtitle: 'Intercity Carpool Platform for Rochester' };
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      'GET /api/regions': () => ({ body: [SPEC_REGION_SUMMARIES.cornell, SPEC_REGION_SUMMARIES.nj, { ...rochester, places: undefined, colleges: undefined }] }),
      'GET /api/regions/rochester': () => ({ body: rochester }),
    });
    const first = renderWithApp(routes, { path: '/rochester/terms', askForRegions: true });
    expect(await screen.findByRole('heading', { name: 'About and Terms of Service' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Carpool/ })).toHaveAttribute('href', '/rochester');
    expect(screen.getByRole('link', { name: /Carpool/ })).toHaveTextContent('Rochester');
    first.unmount();

    renderWithApp(routes, { path: '/no-such-page', askForRegions: true });
    expect(await screen.findByRole('heading', { name: TEXTS.pageNotFound }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Carpool/ })).toHaveAttribute('href', '/');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/regions/no-such-page');
  });

  it('renders a lazily loaded page from a deep link, inside the layout', async () => {
    renderWithApp(routes, { path: '/nj/terms' });
    // The layout does not wait for the page's code: the header is there at once.
    expect(screen.getByRole('link', { name: /Carpool/ })).toHaveAttribute('href', '/nj');
    expect(await screen.findByRole('heading', { name: 'About and Terms of Service' }, LAZY)).toBeInTheDocument();
  });

  it('opens the sign-in dialog when a signed-out user picks a protected action', async () => {
    renderWithApp(routes, { path: '/' });
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Post a Ride' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, LAZY)).toBeInTheDocument();
  });

  it('tells a signed-in user\'s feature dialogs to open through window events', async () => {
    signInLocally();
    renderWithApp(routes, { path: '/' });
    const listener = vi.fn();
    window.addEventListener('open-post-ride', listener);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Post a Ride' })[0]!);
    window.removeEventListener('open-post-ride', listener);
    expect(listener).toHaveBeenCalledTimes(1);
    // The rides feature's dialog, mounted by the layout, answers the event.
    expect(await screen.findByRole('dialog', { name: 'Post a New Ride' }, LAZY)).toBeInTheDocument();
  });

  it('signs out of both regions', async () => {
    signInLocally('cornell');
    signInLocally('nj');
    renderWithApp(routes, { path: '/' });
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    expect(localStorage.getItem('auth_token_cornell')).toBeNull();
    expect(localStorage.getItem('auth_token_nj')).toBeNull();
    expect(localStorage.getItem('revy_user_nj')).toBeNull();
    expect(await screen.findAllByRole('button', { name: 'Sign in' })).not.toHaveLength(0);
  });
});
