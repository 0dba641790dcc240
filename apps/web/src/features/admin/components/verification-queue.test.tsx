import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { VerificationQueue } from './verification-queue';

const SUBMISSION = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01';
const submission = {
  id: SUBMISSION,
  status: 'pending',
  licenseExpiration: '2099-01-31',
  insuranceExpiration: null,
  createdAt: '2026-03-10T15:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  user: { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Otto Operator', email: 'otto@cornell.edu' },
  documents: { licenseFront: '/api/files/a', licenseBack: '/api/files/b', insurance: '/api/files/c' },
};

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', { ...testUser, isAdmin: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('VerificationQueue: rejecting checks the rules first', () => {
  it('asks for a reason under the field and sends nothing; a reason sends the API body and shows Rejecting...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'GET /api/admin/verifications': () => ({ body: [submission] }),
      [`POST /api/admin/verifications/${SUBMISSION}/reject`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<VerificationQueue />);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Verification of Otto Operator' });
    const reason = within(card).getByLabelText('Reason for a rejection (the driver sees it)');

    await user.type(reason, '   ');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await within(card).findByText('Give the driver a reason for the rejection.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Give the driver a reason for the rejection.');
    expect(sent).toHaveLength(0);

    await user.type(reason, 'The insurance card has expired ');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await within(card).findByRole('button', { name: 'Rejecting...' })).toBeDisabled();
    expect(sent).toEqual([{ reason: 'The insurance card has expired' }]);
    answer.resolve({ status: 400, body: { error: 'Reason too long', message: 'Reason too long', code: 'VALIDATION_FAILED', details: [{ path: 'body.reason', message: 'Too long' }] } });
    // A refusal naming the field shows under it, and the form says so.
    expect(await within(card).findByText('Too long')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('Reason too long');
  });
});
