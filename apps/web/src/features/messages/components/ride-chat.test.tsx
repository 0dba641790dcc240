import type { RideMessage } from '@carpool/shared/schemas/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { RideChat } from './ride-chat';

const RIDE = '5b0c2f3e-1d2a-4b3c-8d4e-5f6a7b8c9d01';
const OTHER_RIDE = '5b0c2f3e-1d2a-4b3c-8d4e-5f6a7b8c9d02';
const GRACE = { id: '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01', name: 'Grace Hopper', avatar: null };
let sequence = 0;

function message(content: string, from: typeof GRACE | null, minute: number, rideId = RIDE): RideMessage {
  sequence += 1;
  return {
    id: `9e8d7c6b-5a4f-4e3d-8c2b-${String(sequence).padStart(12, '0')}`,
    rideId,
    userId: from?.id ?? null,
    userName: from?.name ?? null,
    user: from,
    content,
    timestamp: `2026-03-12T15:${String(minute).padStart(2, '0')}:00.000Z`,
    kind: from ? 'user' : 'system',
  };
}

const me = { id: testUser.id, name: testUser.name, avatar: null };
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

function serve(history: RideMessage[], { missed = [] as RideMessage[], sent = null as RideMessage | null } = {}) {
  let reads = 0;
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    [`GET /api/messages/ride/${RIDE}`]: () => {
      reads += 1;
      return { body: reads === 1 ? history : missed };
    },
    'POST /api/messages/send': () => ({ status: 201, body: sent }),
  });
}

function rideReads(fetchMock: ReturnType<typeof fakeServer>) {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`/api/messages/ride/${RIDE}`));
}

describe('RideChat', () => {
  it('shows the history with own messages on the right and system messages apart', async () => {
    signInLocally();
    serve([message('Where do we meet?', GRACE, 1), message('At the bus stop', me, 2), message('The ride was cancelled by the driver.', null, 3)]);
    renderWithApp(<RideChat rideId={RIDE} />);

    const log = await screen.findByRole('log', { name: 'Ride chat messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('data-own', 'false');
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[1]).toHaveAttribute('data-own', 'true');
    expect(items[1]).not.toHaveTextContent(testUser.name);
    expect(items[2]).toHaveAttribute('data-system', 'true');
  });

  it('shows the empty text when nobody has written yet', async () => {
    signInLocally();
    serve([]);
    renderWithApp(<RideChat rideId={RIDE} />);
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });

  it('shows the history and, instead of the composer, why it can no longer be written in', async () => {
    signInLocally();
    serve([message('Did anyone leave a scarf?', GRACE, 1)]);
    renderWithApp(<RideChat rideId={RIDE} readOnlyReason="This ride is over." />);
    expect(await screen.findByText('Did anyone leave a scarf?')).toBeInTheDocument();
    expect(screen.getByText('This ride is over.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows an empty chat without logging an error when the reader is no longer one of its people (403)', async () => {
    signInLocally();
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      [`GET /api/messages/ride/${RIDE}`]: () => ({ status: 403, body: { error: 'no', message: 'no', code: 'FORBIDDEN' } }),
    });
    renderWithApp(<RideChat rideId={RIDE} />);
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });

  it('joins the room once connected, shows live messages once each, and leaves on unmount', async () => {
    signInLocally();
    serve([message('Hi all', GRACE, 1)]);
    const view = renderWithApp(<RideChat rideId={RIDE} />);
    await screen.findByText('Hi all');
    const socket = sockets.latest()!;
    expect(socket.emitsOf('join-ride-chat')).toEqual([]);

    act(() => socket.serverConnect());
    expect(socket.emitsOf('join-ride-chat')).toEqual([[RIDE]]);

    const live = message('On my way', GRACE, 2);
    act(() => {
      socket.serverEmit('new-message', live);
      socket.serverEmit('new-message', live);
      socket.serverEmit('new-message', message('Elsewhere', GRACE, 3, OTHER_RIDE));
    });
    // React Query tells its observers on the next tick.
    expect(await screen.findAllByText('On my way')).toHaveLength(1);
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();

    view.unmount();
    expect(socket.emitsOf('leave-ride-chat')).toEqual([[RIDE]]);
  });

  it('sends with Enter, never sends blank text, and shows a sent message once', async () => {
    signInLocally();
    const sent = message('See you at 5', me, 4);
    const fetchMock = serve([], { sent });
    renderWithApp(<RideChat rideId={RIDE} />);
    const socket = sockets.latest()!;
    act(() => socket.serverConnect());
    const box = await screen.findByPlaceholderText('Type a message...');
    const user = userEvent.setup();

    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/messages/send')).toBe(false);

    await user.clear(box);
    await user.type(box, '  See you at 5 {Enter}');
    await screen.findByText('See you at 5');
    const send = fetchMock.mock.calls.find(([url]) => String(url) === '/api/messages/send');
    expect(JSON.parse(String(send?.[1]?.body))).toEqual({ rideId: RIDE, content: 'See you at 5' });
    expect(box).toHaveValue('');

    act(() => socket.serverEmit('new-message', sent));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getAllByText('See you at 5')).toHaveLength(1);
  });

  it('cannot send before the socket is connected', async () => {
    signInLocally();
    const fetchMock = serve([]);
    renderWithApp(<RideChat rideId={RIDE} />);
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    act(() => sockets.latest()!.serverConnect());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    // The join asks for what came in meanwhile: that read goes to this test's server, not to the
    // real fetch once the test has ended.
    await waitFor(() => expect(rideReads(fetchMock)).toHaveLength(2));
  });

  it('after a reconnect without recovery joins again and fetches what came after the last message', async () => {
    signInLocally();
    const last = message('Last before the drop', GRACE, 1);
    const fetchMock = serve([last], { missed: [message('Sent while away', GRACE, 2)] });
    renderWithApp(<RideChat rideId={RIDE} />);
    await screen.findByText('Last before the drop');
    const socket = sockets.latest()!;
    act(() => socket.serverConnect({ recovered: true }));
    await waitFor(() => expect(socket.emitsOf('join-ride-chat')).toHaveLength(1));

    act(() => socket.serverDrop());
    act(() => socket.serverConnect({ recovered: false }));
    expect(socket.emitsOf('join-ride-chat')).toHaveLength(2);
    expect(await screen.findByText('Sent while away')).toBeInTheDocument();
    expect(rideReads(fetchMock).at(-1)).toContain(`after=${last.id}`);
  });
});
