import type { Conversation } from '@carpool/shared/schemas/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { formatConversationTime } from '../utils/format-time';
import { InboxPage } from './inbox-page';

const GRACE_ID = '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01';

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c01',
    user: { id: GRACE_ID, name: 'Grace Hopper', avatar: null, avatarColor: 'avatar-color-2' },
    lastMessage: 'See you at the bus stop',
    lastMessageTime: '2026-03-12T19:05:00.000Z',
    unreadCount: 2,
    ...overrides,
  };
}

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeEach(() => {
  localStorage.clear();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
});

afterEach(() => {
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

function serveInbox(answer: () => { status?: number; body: unknown }) {
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/conversation-messages/inbox': answer,
  });
}

describe('InboxPage', () => {
  it('asks a signed-out visitor to sign in', () => {
    serveInbox(() => ({ body: [] }));
    renderWithApp(<InboxPage />);
    expect(screen.getByText('Please sign in to view your inbox.')).toBeInTheDocument();
  });

  it('says it is loading, then lists each conversation with its time, last message and unread badge', async () => {
    signInLocally('nj');
    serveInbox(() => ({ body: [conversation(), conversation({ id: '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c02', user: { id: '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e02', name: 'Alan Turing', avatar: '/files/a.webp', avatarColor: null }, unreadCount: 0 })] }));
    renderWithApp(<InboxPage />, { path: '/nj/inbox' });
    expect(screen.getByText('Loading conversations...')).toBeInTheDocument();

    const rows = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [grace, alan] = rows as [HTMLElement, HTMLElement];
    expect(grace).toHaveTextContent('Grace Hopper');
    expect(grace).toHaveTextContent('GH');
    expect(grace).toHaveTextContent('See you at the bus stop');
    expect(grace).toHaveTextContent(formatConversationTime('2026-03-12T19:05:00.000Z'));
    expect(within(grace).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(within(grace).getByRole('link')).toHaveAttribute('href', `/nj/conversation-messages/${GRACE_ID}`);
    expect(within(alan).queryByLabelText(/unread/)).not.toBeInTheDocument();
    expect(within(alan).getByRole('img', { name: 'Alan Turing' })).toHaveAttribute('src', '/files/a.webp');
  });

  it('opens the conversation on click', async () => {
    signInLocally();
    serveInbox(() => ({ body: [conversation()] }));
    const { router } = renderWithApp(<InboxPage />, { path: '/inbox' });
    await userEvent.click(await screen.findByRole('link', { name: /Grace Hopper/ }));
    expect(router.state.location.pathname).toBe(`/conversation-messages/${GRACE_ID}`);
  });

  it('shows the empty text and the failure text', async () => {
    signInLocally();
    serveInbox(() => ({ body: [] }));
    const first = renderWithApp(<InboxPage />);
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    first.unmount();

    serveInbox(() => ({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL_ERROR' } }));
    renderWithApp(<InboxPage />);
    expect(await screen.findByText('Failed to load conversations', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('refreshes when a direct message arrives', async () => {
    signInLocally();
    let unread = 0;
    serveInbox(() => ({ body: [conversation({ unreadCount: unread })] }));
    renderWithApp(<InboxPage />);
    await screen.findByRole('link', { name: /Grace Hopper/ });
    expect(screen.queryByLabelText(/unread/)).not.toBeInTheDocument();

    unread = 1;
    act(() =>
      sockets.latest()!.serverEmit('direct-message', {
        id: '4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b01',
        senderId: GRACE_ID,
        receiverId: testUser.id,
        content: 'New one',
        createdAt: '2026-03-12T19:06:00.000Z',
        read: false,
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('1 unread')).toBeInTheDocument());
  });
});

describe('InboxPage: ride chats', () => {
  it('lists the ride chats after the conversations, each opening its ride', async () => {
    signInLocally('nj');
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/conversation-messages/inbox': () => ({ body: [conversation()] }),
      'GET /api/messages/rides': () => ({
        body: [
          {
            rideId: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b01',
            from: 'new_brunswick',
            to: 'hoboken',
            departsAt: '2026-03-14T14:00:00.000Z',
            rideStatus: 'active',
            lastMessage: 'Running five minutes late',
            lastMessageAuthor: 'Grace Hopper',
            lastMessageTime: '2026-03-12T19:10:00.000Z',
            messageCount: 3,
          },
        ],
      }),
    });
    renderWithApp(<InboxPage />, { path: '/nj/inbox' });
    const chats = await screen.findByRole('list', { name: 'Ride chats' });
    const link = within(chats).getByRole('link', { name: /^Ride chat New Brunswick → Hoboken/ });
    expect(link).toHaveAttribute('href', '/nj/?ride=5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b01');
    expect(link).toHaveTextContent('Grace Hopper: Running five minutes late');
    expect(screen.getByRole('heading', { name: 'Ride chats' })).toBeInTheDocument();
  });

  it('shows no ride chats section when there are none', async () => {
    signInLocally('nj');
    const fetchMock = fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/conversation-messages/inbox': () => ({ body: [conversation()] }),
      'GET /api/messages/rides': () => ({ body: [] }),
    });
    renderWithApp(<InboxPage />, { path: '/nj/inbox' });
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/messages/rides'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Ride chats' })).toBeNull();
  });
});
