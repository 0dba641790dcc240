import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console-errors';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { FeedbackDialog } from './feedback-dialog';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FeedbackDialog', () => {
  it('prefills the e-mail, counts characters up to 1000, and thanks after sending', async () => {
    signInLocally();
    const sent: unknown[] = [];
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'POST /api/feedback': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01', createdAt: '2026-03-10T15:00:00.000Z' } };
      },
    });
    renderWithApp(<FeedbackDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@cornell.edu');
    expect(screen.getByLabelText('Comment')).toHaveAttribute('maxLength', '1000');

    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    // The rule shows under the field, which takes the focus (the form kit's way, not an alert).
    expect(await screen.findByText('Please write your feedback first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Comment'), 'Great app');
    expect(screen.getByText('9/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(sent).toEqual([{ comment: 'Great app', email: 'ada@cornell.edu' }]);
  });

  it('says so when sending fails', async () => {
    // The server refuses the feedback, and the form logs the failure.
    allowConsoleErrors(/^Sending feedback failed ApiError: boom$/);
    fakeServer({ 'POST /api/feedback': () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }) });
    renderWithApp(<FeedbackDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('');
    await user.type(screen.getByLabelText('Comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send feedback. Please try again.');
  });
});

describe('FeedbackDialog checks the server rules first', () => {
  it('shows the comment and e-mail rules under their fields and sends nothing; a valid form sends the API body and shows Sending...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'POST /api/feedback': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<FeedbackDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));

    expect(await screen.findByText('Please write your feedback first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription(/Please write your feedback first\./);
    expect(screen.getByLabelText(/E-mail/)).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Please write your feedback first.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Comment'), 'Works well');
    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), 'Ada@Cornell.edu');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(sent).toEqual([{ comment: 'Works well', email: 'ada@cornell.edu' }]);
    answer.resolve({ status: 201, body: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01', createdAt: '2026-03-10T15:00:00.000Z' } });
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
  });
});
