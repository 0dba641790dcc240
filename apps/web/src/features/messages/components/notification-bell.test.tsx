import type { Notification } from '@carpool/shared/schemas/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { NotificationBell } from './notification-bell';

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `0f5a3a2e-8c1d-4c61-9a4b-${String(id).padStart(12, '0')}`,
    kind: 'booking_requested',
    title: `Notice ${id}`,
    body: 'Grace Hopper asked for 1 seat',
    rideId: '5b0c2f3e-1d2a-4b3c-8d4e-5f6a7b8c9d01',
    bookingId: null,
    otherUserId: null,
    createdAt: '2026-03-12T15:05:00.000Z',
    read: false,
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

function serve(list: Notification[], unreadCount: number) {
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/notifications': () => ({ body: { notifications: list, unreadCount } }),
    'POST /api/notifications/read': () => ({ body: { updated: 1, unreadCount: Math.max(0, unreadCount - 1) } }),
  });
}


describe('NotificationBell', () => {
  it('is not there for a signed-out visitor', () => {
    serve([], 0);
    renderWithApp(<NotificationBell />);
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it("shows the server's unread count and counts a live notification once", async () => {
    signInLocally();
    serve([notification(1), notification(2, { read: true })], 1);
    renderWithApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');

    const live = notification(3, { title: 'New booking request' });
    act(() => {
      sockets.latest()!.serverEmit('notification', live);
      sockets.latest()!.serverEmit('notification', live);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    expect(screen.getAllByText('New booking request')).toHaveLength(1);
  });

  it('marks a notification read and leads to the conversation it is about', async () => {
    signInLocally();
    const message = notification(4, { kind: 'direct_message', title: 'New message from Grace', rideId: null, otherUserId: '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01' });
    const fetchMock = serve([message], 1);
    const { router } = renderWithApp(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /New message from Grace/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/conversation-messages/${message.otherUserId}`));
    const read = fetchMock.mock.calls.find(([url]) => String(url) === '/api/notifications/read');
    expect(JSON.parse(String(read?.[1]?.body))).toEqual({ ids: [message.id] });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks what the opened panel shows as read, and keeps it looking new until it closes', async () => {
    signInLocally();
    const fetchMock = serve([notification(5, { title: 'Booking confirmed' }), notification(6, { title: 'Old news', read: true })], 1);
    renderWithApp(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/notifications/read')).toHaveLength(1));
    const read = fetchMock.mock.calls.find(([url]) => String(url) === '/api/notifications/read');
    expect(JSON.parse(String(read?.[1]?.body))).toEqual({ ids: [notification(5).id] });
    expect(screen.getByRole('button', { name: /Booking confirmed \(new\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Old news/ })).not.toHaveAccessibleName(/\(new\)/);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('closes with Escape and gives the focus back to the bell', async () => {
    signInLocally();
    serve([], 0);
    renderWithApp(<NotificationBell />);
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('No notifications yet.')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('draws the footer the app gives it (the push switch) at the bottom of the open panel', async () => {
    signInLocally();
    serve([], 0);
    renderWithApp(<NotificationBell footer={<button type="button">Turn on push notifications</button>} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
  });
});
