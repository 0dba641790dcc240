import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { fakeServer, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { CampusReturnPage } from './campus-return-page';
import { SignInModal } from './sign-in-modal';

const devConfig = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };
const allThree = { google: true, emailCode: true, oidc: { label: 'Sign in with NetID' } };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in dialog with every way in', () => {
  it("shows the region's methods: Google, the campus button with its words, and a code by e-mail", async () => {
    fakeServer({ 'GET /api/config': () => ({ body: devConfig }), 'GET /api/auth/methods': () => ({ body: allThree }) });
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Sign in with NetID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(await screen.findByLabelText('University e-mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get a sign-in code by e-mail' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with your university account to find and share rides.')).toBeInTheDocument();
  });

  it('shows Google alone where the region offers nothing else, as before', async () => {
    fakeServer({ 'GET /api/config': () => ({ body: devConfig }), 'GET /api/auth/methods': () => ({ body: { google: true, emailCode: false, oidc: null } }) });
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByLabelText('University e-mail')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /NetID/ })).not.toBeInTheDocument();
  });

  it('sends the whole page to the campus sign-in with the region and this page as the way back, once the terms are accepted', async () => {
    fakeServer({ 'GET /api/config': () => ({ body: devConfig }), 'GET /api/auth/methods': () => ({ body: allThree }) });
    const go = vi.spyOn(browser, 'reloadAt').mockImplementation(() => undefined);
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />, { path: '/nj/my-rides?ride=r1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with NetID' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the Terms and Conditions');
    expect(go).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('button', { name: 'Sign in with NetID' }));
    expect(go).toHaveBeenCalledWith('/api/auth/oidc/start?region=nj&returnTo=%2Fnj%2Fmy-rides%3Fride%3Dr1');
    expect(screen.getByRole('button', { name: 'Taking you to your campus sign-in...' })).toBeDisabled();
  });

  it('signs in with a code by e-mail: the address, then the code, with the focus where the next step is', async () => {
    localStorage.setItem('acceptedTerms', 'true');
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: devConfig }),
      'GET /api/auth/methods': () => ({ body: allThree }),
      'POST /api/auth/email-code': () => ({ status: 202, body: { message: 'If this address can sign in here, a code is on its way.' } }),
      'POST /api/auth/email-code/verify': (init) =>
        JSON.parse(String(init?.body)).code === '123456'
          ? { body: { ...testUser, token: 'code-session' } }
          : { status: 401, body: { error: 'That code is not right.', message: 'That code is not right.', code: 'EMAIL_CODE_WRONG' } },
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    });
    const onSignedIn = vi.fn();
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('University e-mail'), 'Ada@Cornell.edu');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));

    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code to ada@cornell\.edu/)).toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('auth_token_cornell')).toBe('code-session');
    const bodies = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/email-code')).map(([, init]) => init?.body);
    expect(bodies).toEqual(['{"email":"Ada@Cornell.edu"}', '{"email":"ada@cornell.edu","code":"654321"}', '{"email":"ada@cornell.edu","code":"123456"}']);
  });

  it('checks the address and the code before sending them', async () => {
    localStorage.setItem('acceptedTerms', 'true');
    const fetchMock = fakeServer({ 'GET /api/config': () => ({ body: devConfig }), 'GET /api/auth/methods': () => ({ body: allThree }) });
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('University e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('University e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/email-code')).toBe(false);
  });
});

describe('the campus sign-in return page', () => {
  it('exchanges the one-time code, forgets it from the address, signs in and goes back to the page the person was on', async () => {
    window.history.replaceState(null, '', '/cornell/sign-in/campus#code=one-time-code-aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    const fetchMock = fakeServer({
      'POST /api/auth/oidc/exchange': () => ({ body: { ...testUser, token: 'campus-session', returnTo: '/cornell/my-rides' } }),
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    });
    const { router } = renderWithApp(<CampusReturnPage />, { path: '/cornell/sign-in/campus' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cornell/my-rides'));
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem('auth_token_cornell')).toBe('campus-session');
    expect(JSON.parse(localStorage.getItem('revy_user_cornell') ?? '{}')).not.toHaveProperty('returnTo');
    const exchanges = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/oidc/exchange');
    expect(exchanges.map(([, init]) => init?.body)).toEqual(['{"code":"one-time-code-aaaaaaaaaaaaaaaaaaaaaaaaaaaa"}']);
  });

  it('says in words what the provider or the server refused, with a way back to the sign-in', async () => {
    window.history.replaceState(null, '', '/nj/sign-in/campus#error=OIDC_PROVIDER_UNAVAILABLE');
    fakeServer({});
    renderWithApp(<CampusReturnPage />, { path: '/nj/sign-in/campus' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your campus sign-in is not answering right now.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/nj/login');
  });
});
