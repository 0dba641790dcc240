import type { AdminFeedback } from '@carpool/shared/schemas/feedback';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPage } from './admin-page';
import { FeedbackInbox } from './feedback-inbox';

const admin = { ...testUser, isAdmin: true };
const FAY = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a01';
const SIGNED_IN = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f1a01';
const ANONYMOUS = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f1a02';
const OLDER = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f1a03';
const CURSOR = `2026-03-09T08:00:00.000000Z_${ANONYMOUS}`;

const fromFay: AdminFeedback = {
  id: SIGNED_IN,
  comment: 'Please add a dark map.\nIt is bright at night.',
  email: 'fay.reply@example.com',
  region: 'nj',
  createdAt: '2026-03-10T15:00:00.000Z',
  sender: { id: FAY, name: 'Fay Back', email: 'fay@cornell.edu' },
  handledAt: null,
  handledBy: null,
};
const anonymous: AdminFeedback = {
  id: ANONYMOUS,
  comment: 'Love it',
  email: null,
  region: 'cornell',
  createdAt: '2026-03-09T08:00:00.000Z',
  sender: null,
  handledAt: null,
  handledBy: null,
};
const older: AdminFeedback = {
  ...anonymous,
  id: OLDER,
  comment: 'An old note',
  createdAt: '2026-02-01T08:00:00.000Z',
  handledAt: '2026-02-02T09:00:00.000Z',
  handledBy: { id: testUser.id, name: 'Ada Lovelace' },
};

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', admin);
});
afterEach(() => vi.unstubAllGlobals());

describe('FeedbackInbox', () => {
  it('shows each message with its date, sender and reply address, and marks one handled', async () => {
    let current = [fromFay, anonymous];
    const answer = deferred<{ status: number; body: unknown }>();
    const marked: string[] = [];
    fakeServer({
      'GET /api/admin/feedback': () => ({ body: { feedback: current, nextBefore: null } }),
      [`POST /api/admin/feedback/${SIGNED_IN}/handled`]: (init) => {
        marked.push(String(init?.method));
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    renderWithApp(<FeedbackInbox />);

    const card = await screen.findByRole('article', { name: `Feedback from Fay Back, ${formatLocalDateTime(fromFay.createdAt)}` });
    expect(within(card).getByText(/Please add a dark map\./)).toBeInTheDocument();
    expect(within(card).getByText('Waiting')).toBeInTheDocument();
    expect(within(card).getByText('New Jersey')).toBeInTheDocument();
    expect(within(card).getByText(formatLocalDateTime(fromFay.createdAt))).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Fay Back' })).toHaveAttribute('href', `/profile/${FAY}`);
    expect(card).toHaveTextContent('Fay Back (fay@cornell.edu)');
    expect(within(card).getByRole('link', { name: 'fay.reply@example.com' })).toHaveAttribute('href', 'mailto:fay.reply@example.com');

    const other = screen.getByRole('article', { name: `Feedback from a signed-out visitor, ${formatLocalDateTime(anonymous.createdAt)}` });
    expect(other).toHaveTextContent('From a signed-out visitor · no reply address given');

    await user.click(within(card).getByRole('button', { name: 'Mark handled' }));
    expect(await within(card).findByRole('button', { name: 'Marking...' })).toBeDisabled();
    expect(marked).toEqual(['POST']);
    const handled = { ...fromFay, handledAt: '2026-03-11T10:00:00.000Z', handledBy: { id: testUser.id, name: 'Ada Lovelace' } };
    current = [handled, anonymous];
    answer.resolve({ status: 200, body: handled });
    expect(await within(card).findByText(`Handled by Ada Lovelace on ${formatLocalDateTime(handled.handledAt)}`)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mark handled' })).toBeNull();
    expect(within(other).getByRole('button', { name: 'Mark handled' })).toBeEnabled();
  });

  it("takes a signed-in sender's account address as the way to answer when none was typed", async () => {
    fakeServer({ 'GET /api/admin/feedback': () => ({ body: { feedback: [{ ...fromFay, email: null }], nextBefore: null } }) });
    renderWithApp(<FeedbackInbox />);
    const card = await screen.findByRole('article', { name: /^Feedback from Fay Back/ });
    expect(card).toHaveTextContent('From Fay Back (fay@cornell.edu)');
    expect(card).not.toHaveTextContent('no reply address given');
  });

  it("says why a message could not be marked: the server's words", async () => {
    fakeServer({
      'GET /api/admin/feedback': () => ({ body: { feedback: [anonymous], nextBefore: null } }),
      [`POST /api/admin/feedback/${ANONYMOUS}/handled`]: () => ({
        status: 409,
        body: { error: 'This feedback was already marked handled', message: 'This feedback was already marked handled', code: 'INVALID_TRANSITION' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<FeedbackInbox />);
    await user.click(await screen.findByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This feedback was already marked handled');
  });

  it('loads older messages with the cursor of the page before', async () => {
    let pages = 0;
    const fetchMock = fakeServer({
      'GET /api/admin/feedback': () =>
        ++pages === 1 ? { body: { feedback: [fromFay, anonymous], nextBefore: CURSOR } } : { body: { feedback: [older], nextBefore: null } },
    });
    const user = userEvent.setup();
    renderWithApp(<FeedbackInbox />);
    await user.click(await screen.findByRole('button', { name: 'Load older feedback' }));
    const oldCard = await screen.findByRole('article', { name: `Feedback from a signed-out visitor, ${formatLocalDateTime(older.createdAt)}` });
    expect(oldCard).toHaveTextContent(`Handled by Ada Lovelace on ${formatLocalDateTime(older.handledAt!)}`);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load older feedback' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/admin/feedback');
    expect(urls.map((url) => url.searchParams.get('before'))).toEqual([null, CURSOR]);
  });

  it('keeps the messages it has when an older page cannot be read', async () => {
    let pages = 0;
    fakeServer({
      'GET /api/admin/feedback': () =>
        ++pages === 1
          ? { body: { feedback: [anonymous], nextBefore: CURSOR } }
          : { status: 400, body: { error: 'Invalid query', message: 'Invalid query', code: 'VALIDATION_FAILED' } },
    });
    const user = userEvent.setup();
    renderWithApp(<FeedbackInbox />);
    await user.click(await screen.findByRole('button', { name: 'Load older feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid query');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when there is no feedback, and when the inbox could not be read', async () => {
    fakeServer({ 'GET /api/admin/feedback': () => ({ body: { feedback: [], nextBefore: null } }) });
    const { unmount } = renderWithApp(<FeedbackInbox />);
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
    unmount();

    fakeServer({
      'GET /api/admin/feedback': () => ({ status: 403, body: { error: 'Only administrators can do this', message: 'Only administrators can do this', code: 'FORBIDDEN' } }),
    });
    renderWithApp(<FeedbackInbox />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can do this');
  });

  it("is the console's Feedback section", async () => {
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/verifications': () => ({ body: [] }),
      'GET /api/admin/feedback': () => ({ body: { feedback: [anonymous], nextBefore: null } }),
    });
    const user = userEvent.setup();
    renderWithApp(<AdminPage />);
    // The first section's code is in before another is chosen: none is left loading when the test ends.
    expect(await screen.findByText('No submissions are waiting for a decision.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Feedback' }));
    const panel = screen.getByRole('tabpanel', { name: 'Feedback' });
    expect(await within(panel).findByText('Love it')).toBeInTheDocument();
  });
});
