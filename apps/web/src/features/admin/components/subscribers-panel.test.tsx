import type { AdminSubscribers } from '@carpool/shared/schemas/subscriptions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPage } from './admin-page';
import { SubscribersPanel } from './subscribers-panel';

const admin = { ...testUser, isAdmin: true };
const CURSOR = '2026-03-01T10:00:00.000000Z_0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f2a02';

const firstPage: AdminSubscribers = {
  subscribers: [
    { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f2a01', email: 'reader@example.com', region: 'nj', confirmedAt: '2026-03-02T10:00:00.000Z' },
    { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f2a02', email: 'fan@cornell.edu', region: 'cornell', confirmedAt: '2026-03-01T10:00:00.000Z' },
  ],
  counts: { confirmed: 3, pending: 4 },
  nextBefore: CURSOR,
};
const lastPage: AdminSubscribers = {
  subscribers: [{ id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f2a03', email: 'early@example.com', region: 'cornell', confirmedAt: '2026-01-05T10:00:00.000Z' }],
  counts: { confirmed: 3, pending: 4 },
  nextBefore: null,
};

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', admin);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** jsdom has no object URLs and cannot follow a download link: both are watched instead. */
function watchDownloads() {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:subscribers'), revokeObjectURL: vi.fn() }));
  return saved;
}

describe('SubscribersPanel', () => {
  it('shows the counts and the confirmed subscribers, and loads older ones with the cursor', async () => {
    let pages = 0;
    const fetchMock = fakeServer({ 'GET /api/admin/subscribers': () => ({ body: ++pages === 1 ? firstPage : lastPage }) });
    const user = userEvent.setup();
    renderWithApp(<SubscribersPanel />);

    const list = await screen.findByRole('list', { name: 'Confirmed subscribers, the latest confirmed first' });
    expect(screen.getByText('Confirmed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Waiting for confirmation', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `reader@example.comNew Jersey · confirmed ${formatLocalDateTime('2026-03-02T10:00:00.000Z')}`,
      `fan@cornell.eduCornell · confirmed ${formatLocalDateTime('2026-03-01T10:00:00.000Z')}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Load older subscribers' }));
    expect(await within(list).findByText('early@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older subscribers' })).toBeNull();
    const befores = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/subscribers')
      .map((url) => url.searchParams.get('before'));
    expect(befores).toEqual([null, CURSOR]);
  });

  it('downloads the CSV with the token and saves it under the name the server gives', async () => {
    const saved = watchDownloads();
    const held = deferred<Response>();
    const csvCalls: RequestInit[] = [];
    const fetchMock = fakeServer({ 'GET /api/admin/subscribers': () => ({ body: lastPage }) });
    const answerJson = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/admin/subscribers.csv') return answerJson(input, init);
      csvCalls.push(init ?? {});
      return held.promise;
    });
    const user = userEvent.setup();
    renderWithApp(<SubscribersPanel />);

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    expect(csvCalls).toHaveLength(1);
    expect(new Headers(csvCalls[0]!.headers).get('authorization')).toBe('Bearer token-1');
    held.resolve(
      new Response('email,region,confirmed_at\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="carpool-subscribers-2026-03-03.csv"' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(saved).toEqual([{ href: 'blob:subscribers', download: 'carpool-subscribers-2026-03-03.csv' }]);
  });

  it('says when the download failed, when nobody confirmed yet, and when the list could not be read', async () => {
    const saved = watchDownloads();
    fakeServer({ 'GET /api/admin/subscribers': () => ({ body: { subscribers: [], counts: { confirmed: 0, pending: 2 }, nextBefore: null } }) });
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<SubscribersPanel />);
    expect(await screen.findByText('No confirmed subscribers yet.')).toBeInTheDocument();
    // The fake server has no CSV route: its 404 is a failed download.
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The subscriber list could not be downloaded. Please try again.');
    expect(saved).toEqual([]);
    unmount();

    fakeServer({
      'GET /api/admin/subscribers': () => ({ status: 403, body: { error: 'Only administrators can do this', message: 'Only administrators can do this', code: 'FORBIDDEN' } }),
    });
    renderWithApp(<SubscribersPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can do this');
  });

  it("is the console's Subscribers section", async () => {
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/verifications': () => ({ body: [] }),
      'GET /api/admin/subscribers': () => ({ body: lastPage }),
    });
    const user = userEvent.setup();
    renderWithApp(<AdminPage />);
    // The first section's code is in before another is chosen: none is left loading when the test ends.
    expect(await screen.findByText('No submissions are waiting for a decision.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Subscribers' }));
    const panel = screen.getByRole('tabpanel', { name: 'Subscribers' });
    expect(await within(panel).findByText('early@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
