import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { ReportsQueue } from './reports-queue';

const REPORT = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01';
const report = {
  id: REPORT,
  targetType: 'ride',
  targetId: '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b',
  reason: 'unsafe_driving',
  details: 'Drove far too fast.',
  status: 'open',
  action: null,
  resolutionNote: null,
  createdAt: '2026-03-10T15:00:00.000Z',
  resolvedAt: null,
  reporter: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Pia Passenger' },
  targetUser: { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Dan Driver', email: 'dan@cornell.edu', suspended: false },
  targetSummary: 'Ithaca → Boston',
  rideId: '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b',
};

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', { ...testUser, isAdmin: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportsQueue: resolving checks the server rules first', () => {
  it('asks for an action when the note is sent with Enter, then an action button sends the API body and shows Resolving...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'GET /api/admin/reports': () => ({ body: { reports: [report] } }),
      [`POST /api/admin/reports/${REPORT}/resolve`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<ReportsQueue />);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Report about Dan Driver' });
    const note = within(card).getByLabelText(/Note/);
    expect(note).toHaveAttribute('maxLength', '1000');

    // Enter in the note picks no action for the admin: the action rule shows, nothing is sent.
    await user.type(note, '  Speeding confirmed  {Enter}');
    expect(await within(card).findByText('Choose what to do about the report.')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Action' })).toHaveAccessibleDescription('Choose what to do about the report.');
    expect(sent).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Suspend user' }));
    expect(await within(card).findByRole('button', { name: 'Resolving...' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Warn' })).toBeDisabled();
    expect(sent).toEqual([{ action: 'suspend_user', note: 'Speeding confirmed' }]);
    answer.resolve({ status: 409, body: { error: 'This report is already resolved', message: 'This report is already resolved', code: 'CONFLICT' } });
    expect(await within(card).findByRole('alert')).toHaveTextContent('This report is already resolved');
    expect(within(card).queryByText('Choose what to do about the report.')).toBeNull();
  });
});
