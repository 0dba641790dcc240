import { act, screen, waitFor } from '@testing-library/react';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../test/fake-server';
import { fakeSocketFactory } from '../test/fake-socket';
import { renderWithApp } from '../test/render-with-app';
import { setSocketFactory, socketOptions, useSocket, useSocketConnected, useSocketEvent } from './socket';
import { useSession } from './session';

const notification = {
  id: '0f5a3a2e-8c1d-4c61-9a4b-5d8e2f1c0a01',
  kind: 'booking_requested',
  title: 'New booking request',
  body: 'Grace asked for 1 seat',
  rideId: null,
  bookingId: null,
  otherUserId: null,
  createdAt: '2026-03-12T15:05:00.000Z',
  read: false,
} as const;

let sockets: ReturnType<typeof fakeSocketFactory>;
let fetchMock: ReturnType<typeof fakeServer>;

beforeEach(() => {
  localStorage.clear();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  fetchMock = fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'POST /api/auth/logout': () => ({ body: { ok: true } }),
  });
});

afterEach(() => {
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

function Probe({ onNotification = () => undefined }: { onNotification?: (title: string) => void }) {
  const socket = useSocket();
  const connected = useSocketConnected(socket);
  const { signOut } = useSession();
  useSocketEvent(socket, 'notification', (received) => onNotification(received.title));
  return (
    <div>
      <p>{socket ? (connected ? 'connected' : 'connecting') : 'no socket'}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

describe('socketOptions', () => {
  it('asks for the websocket transport, the token and unlimited reconnects 1 to 5 s apart', () => {
    expect(socketOptions('token-1')).toEqual({
      transports: ['websocket'],
      auth: { token: 'token-1' },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
  });
});

describe('useSocket', () => {
  it('opens no connection for a signed-out visitor', () => {
    renderWithApp(<Probe />);
    expect(screen.getByText('no socket')).toBeInTheDocument();
    expect(sockets.sockets).toHaveLength(0);
  });

  it('shares one connection with the session token, follows its state, and closes it on sign-out', async () => {
    signInLocally();
    renderWithApp(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(sockets.sockets).toHaveLength(1);
    const socket = sockets.latest()!;
    expect(socket.options.auth).toEqual({ token: 'token-1' });
    expect(screen.getAllByText('connecting')).toHaveLength(2);

    act(() => socket.serverConnect());
    expect(screen.getAllByText('connected')).toHaveLength(2);

    await userEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    expect(await screen.findAllByText('no socket')).toHaveLength(2);
    await waitFor(() => expect(socket.connected).toBe(false));
    expect(socket.active).toBe(false);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('hands server events to the latest handler and stops listening on unmount', () => {
    signInLocally();
    const received: string[] = [];
    const view = renderWithApp(<Probe onNotification={(title) => received.push(title)} />);
    const socket = sockets.latest()!;
    act(() => socket.serverEmit('notification', notification));
    expect(received).toEqual(['New booking request']);
    view.unmount();
    expect(socket.listenerCount('notification')).toBe(0);
  });

  it("does not compile a handler of another event's payload, or a name the signed-in socket does not hear", () => {
    // `npm run typecheck` checks the test files: it fails when a line under `@ts-expect-error`
    // compiles. The component is never rendered.
    function WrongListeners() {
      const socket = useSocket();
      useSocketEvent(socket, SOCKET_EVENTS.newMessage, (message) => message.content);
      // @ts-expect-error a notification has no `content`: each handler is given its own event's payload
      useSocketEvent(socket, SOCKET_EVENTS.notification, (notification) => notification.content);
      // @ts-expect-error the seat counts come on the public namespace's socket, not the signed-in one
      useSocketEvent(socket, SOCKET_EVENTS.rideSeats, () => undefined);
      return null;
    }
    expect(WrongListeners).toBeTypeOf('function');
  });

  it('checks the token through the API when the server refuses the handshake', async () => {
    signInLocally();
    renderWithApp(<Probe />);
    const socket = sockets.latest()!;
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fetchMock.mockClear();
    socket.active = false;
    act(() => socket.serverEmit('connect_error', Object.assign(new Error('expired'), { data: { code: 'TOKEN_EXPIRED' } })));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/verify-token')).toBe(true),
    );
  });
});
