import { SUBSCRIPTION_BANNER_CLOSE_MS } from '@carpool/shared/constants';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console-errors';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { SubscriptionBanner } from './subscription-banner';

/** The form has a chunk of its own; until it is in, a look-alike with a disabled button stands there. */
const formReady = () => waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SubscriptionBanner', () => {
  it('is hidden for signed-in users', () => {
    signInLocally();
    fakeServer({ 'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }) });
    renderWithApp(<SubscriptionBanner />);
    expect(screen.queryByRole('complementary', { name: 'Newsletter' })).not.toBeInTheDocument();
  });

  it('is hidden once subscribed in this region, not in the other', () => {
    fakeServer({});
    localStorage.setItem('subscribed_cornell', 'true');
    const view = renderWithApp(<SubscriptionBanner />, { path: '/cornell' });
    expect(screen.queryByRole('complementary', { name: 'Newsletter' })).not.toBeInTheDocument();
    view.unmount();
    renderWithApp(<SubscriptionBanner />, { path: '/nj' });
    expect(screen.getByRole('complementary', { name: 'Newsletter' })).toBeInTheDocument();
  });

  it('asks for an address, subscribes in the region, and closes 3 s after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = fakeServer({ 'POST /api/subscriptions': () => ({ body: { email: 'a@b.edu', region: 'nj', subscribed: true } }) });
    renderWithApp(<SubscriptionBanner />, { path: '/nj' });
    await formReady();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email address'), 'a@b.edu');
    // The fake clock follows real time until the answer is in; the close is timed from a moment
    // between the click and now, so the checks are made from both ends, with the clock stopped.
    const clicked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/You're subscribed!/)).toBeInTheDocument();
    vi.setTimerTickMode('manual');
    const answered = Date.now();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('X-Region')).toBe('nj');
    expect(localStorage.getItem('subscribed_nj')).toBe('true');
    expect(answered - clicked).toBeLessThan(SUBSCRIPTION_BANNER_CLOSE_MS);
    await act(() => vi.advanceTimersByTimeAsync(clicked + SUBSCRIPTION_BANNER_CLOSE_MS - 1 - answered));
    expect(screen.getByRole('complementary', { name: 'Newsletter' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(answered - clicked + 1));
    expect(screen.queryByRole('complementary', { name: 'Newsletter' })).not.toBeInTheDocument();
  });

  it('says so when the subscription fails', async () => {
    // The server fails the subscription, and the form logs it.
    allowConsoleErrors(/^Subscription failed ApiError: boom$/);
    fakeServer({ 'POST /api/subscriptions': () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }) });
    renderWithApp(<SubscriptionBanner />);
    await formReady();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'a@b.edu');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.');
    expect(localStorage.getItem('subscribed_cornell')).toBeNull();
  });
});

describe('SubscriptionBanner checks the server rules first', () => {
  it('refuses a malformed address under the field, then sends the normalised address and shows Subscribing...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'POST /api/subscriptions': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<SubscriptionBanner />);
    await formReady();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Email address');
    await user.type(input, 'ann@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, ' Ann@Cornell.EDU ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(sent).toEqual([{ email: 'ann@cornell.edu' }]);
    answer.resolve({ status: 200, body: { email: 'ann@cornell.edu', region: 'cornell', subscribed: true } });
    expect(await screen.findByText(/You're subscribed!/)).toBeInTheDocument();
  });
});
