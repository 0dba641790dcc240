import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
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
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Comment'), 'Great app');
    expect(screen.getByText('9/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(sent).toEqual([{ comment: 'Great app', email: 'ada@cornell.edu' }]);
  });

  it('says so when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({ 'POST /api/feedback': () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }) });
    renderWithApp(<FeedbackDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('');
    await user.type(screen.getByLabelText('Comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send feedback. Please try again.');
  });
});
