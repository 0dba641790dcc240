import type { Conversation } from '@carpool/shared/schemas/messages';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { InboxUnreadBadge } from './inbox-unread-badge';

const conversation = (id: string, unreadCount: number): Conversation => ({
  id,
  user: { id: '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01', name: 'Grace Hopper', avatar: null, avatarColor: null },
  lastMessage: 'See you',
  lastMessageTime: '2026-03-12T19:05:00.000Z',
  unreadCount,
});

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

describe('the Inbox link\'s unread count', () => {
  it('adds up the unread messages of every conversation, updates when one arrives, and shows nothing at zero', async () => {
    signInLocally();
    let inbox = [conversation('3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c01', 2), conversation('3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c02', 1)];
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/conversation-messages/inbox': () => ({ body: inbox }),
    });
    const view = renderWithApp(<InboxUnreadBadge />);
    expect(await screen.findByTestId('inbox-unread')).toHaveTextContent('3 unread');

    inbox = [conversation('3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c01', 0)];
    act(() => sockets.latest()!.serverEmit('direct-message', {} as never));
    await vi.waitFor(() => expect(screen.queryByTestId('inbox-unread')).toBeNull());
    view.unmount();
  });
});
