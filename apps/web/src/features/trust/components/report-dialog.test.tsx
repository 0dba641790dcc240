import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { ReportDialog } from './report-dialog';

const TARGET = '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a03';

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportDialog', () => {
  function setup(answer: { status: number; body: unknown }) {
    const sent: unknown[] = [];
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'POST /api/reports': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer;
      },
    });
    const onClose = vi.fn();
    renderWithApp(<ReportDialog open onClose={onClose} targetType="user" targetId={TARGET} subject="Dana Driver" />);
    return { sent, onClose };
  }

  it('sends the reason and details and closes', async () => {
    const { sent, onClose } = setup({
      status: 201,
      body: {
        id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a09',
        targetType: 'user',
        targetId: TARGET,
        reason: 'no_show',
        details: 'Never came',
        status: 'open',
        action: null,
        resolutionNote: null,
        createdAt: '2026-03-10T15:00:00.000Z',
        resolvedAt: null,
      },
    });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Report Dana Driver' });
    await user.selectOptions(screen.getByLabelText('Reason'), 'no_show');
    await user.type(screen.getByLabelText('Details (optional)'), '  Never came ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dialog).toBeInTheDocument();
    expect(sent).toEqual([{ targetType: 'user', targetId: TARGET, reason: 'no_show', details: 'Never came' }]);
  });

  it("shows the server's refusal, such as a report that is still open", async () => {
    const { onClose } = setup({
      status: 409,
      body: { error: 'You already reported this and the report is still being looked at', message: 'x', code: 'REPORT_ALREADY_OPEN' },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already reported this');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ReportDialog checks the server rules first', () => {
  it('refuses details over 1000 characters under the field, then sends the API body and shows Sending...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'POST /api/reports': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    const onClose = vi.fn();
    renderWithApp(<ReportDialog open onClose={onClose} targetType="ride" targetId={TARGET} subject="this ride" />);
    const user = userEvent.setup();
    const details = screen.getByLabelText('Details (optional)');
    // maxLength stops typing; a pasted value past it still meets the shared rule before any call.
    details.removeAttribute('maxLength');
    await user.click(details);
    await user.paste('y'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Use at most 1000 characters.')).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(details);
    await user.type(details, 'Drove too fast');
    await user.selectOptions(screen.getByLabelText('Reason'), 'unsafe_driving');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(sent).toEqual([{ targetType: 'ride', targetId: TARGET, reason: 'unsafe_driving', details: 'Drove too fast' }]);
    answer.resolve({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
