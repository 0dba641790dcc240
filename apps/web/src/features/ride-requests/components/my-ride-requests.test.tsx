import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console-errors';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { ownRequest } from '../test/ride-request-fixture';
import { MyRideRequests } from './my-ride-requests';

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const first = ownRequest();
const second = ownRequest({ id: 'c0ffee00-1234-4abc-8def-0123456789ab', from: 'syracuse', to: 'albany', notes: [] });

function serve(deleteAnswer: { status: number; body: unknown } = { status: 200, body: { ok: true } }) {
  let mine = [first, second];
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/ride-requests/user/me': () => ({ body: mine }),
    [`DELETE /api/ride-requests/${first.id}`]: () => {
      if (deleteAnswer.status === 200) mine = mine.filter((request) => request.id !== first.id);
      return deleteAnswer;
    },
  });
}

function deleteCalls(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
}

describe('MyRideRequests', () => {
  it('shows each request with route, needs, notes and posted time', async () => {
    serve();
    renderWithApp(<MyRideRequests />);
    expect(screen.getByText('Loading your rides...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Ithaca to New York City' });
    expect(card).toHaveTextContent('Seats needed2');
    expect(card).toHaveTextContent('Suitcases needed3');
    expect(card).toHaveTextContent('Happy to split gas');
    expect(card).toHaveTextContent('Posted 5 minutes ago');
    expect(screen.getByRole('article', { name: 'Syracuse to Albany' })).toBeInTheDocument();
  });

  it('asks in an in-app dialog before deleting, and does nothing when the answer is no', async () => {
    const fetchMock = serve();
    renderWithApp(<MyRideRequests />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete ride request from Ithaca to New York City' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this ride request?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Ithaca to New York City' })).toBeInTheDocument();
  });

  it('removes the card once the server has deleted it', async () => {
    const fetchMock = serve();
    renderWithApp(<MyRideRequests />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete ride request from Ithaca to New York City' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // While the question is open it hides the cards from the queries: wait for it to close first.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ithaca to New York City' })).not.toBeInTheDocument());
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Syracuse to Albany' })).toBeInTheDocument();
  });

  it('keeps the card and says so when the delete fails', async () => {
    // The server fails the delete, and the app logs it.
    allowConsoleErrors(/^Failed to delete ride request ApiError: Internal error$/);
    serve({ status: 500, body: { error: 'Internal error', message: 'Internal error', code: 'INTERNAL' } });
    renderWithApp(<MyRideRequests />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete ride request from Ithaca to New York City' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete ride request. Please try again.');
    expect(screen.getByRole('article', { name: 'Ithaca to New York City' })).toBeInTheDocument();
  });

  it('says when there are no requests, and offers to post one', async () => {
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/ride-requests/user/me': () => ({ body: [] }),
    });
    const openForm = vi.fn();
    window.addEventListener('open-request-ride', openForm);
    renderWithApp(<MyRideRequests />);
    expect(await screen.findByText("You haven't requested any rides yet.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a Ride' }));
    window.removeEventListener('open-request-ride', openForm);
    expect(openForm).toHaveBeenCalledTimes(1);
  });

  it('says the rides could not be loaded when the read fails', async () => {
    // The server refuses the read, and the app logs it.
    allowConsoleErrors(/^Failed to fetch your ride requests ApiError: no$/);
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/ride-requests/user/me': () => ({ status: 403, body: { error: 'no', message: 'no', code: 'FORBIDDEN' } }),
    });
    renderWithApp(<MyRideRequests />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your rides. Please try again.');
    expect(within(document.body).queryByRole('article')).not.toBeInTheDocument();
  });
});
