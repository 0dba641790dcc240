import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { SuspendControls } from './suspend-controls';

const USER = '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12';

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', { ...testUser, isAdmin: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('SuspendControls checks the server rules first', () => {
  it('asks for a reason under the field and sends nothing; a reason sends the API body and shows Suspending...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      [`POST /api/admin/users/${USER}/suspend`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<SuspendControls user={{ id: USER, suspended: false, suspensionReason: null, deleted: false }} />);
    const user = userEvent.setup();
    const reason = screen.getByLabelText('Reason for the suspension');

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Give a reason for the suspension.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Give a reason for the suspension.');
    expect(sent).toHaveLength(0);

    await user.type(reason, '  Speeding  ');
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('button', { name: 'Suspending...' })).toBeDisabled();
    expect(sent).toEqual([{ reason: 'Speeding' }]);
    answer.resolve({ status: 404, body: { error: 'User not found', message: 'User not found', code: 'NOT_FOUND' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeEnabled();
  });
});
