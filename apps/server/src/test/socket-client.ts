import {
  PUBLIC_NAMESPACE,
  type ClientToServerEvents,
  type JoinRideChatResult,
  type PublicServerToClientEvents,
  type ServerToClientEvents,
} from '@carpool/shared/socket-events';
import type { FastifyInstance } from 'fastify';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The base URL of an app that listens on a loopback port. */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** A Socket.IO client as the web app opens it (websocket transport); reconnection off unless asked. */
export function openSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): ClientSocket {
  return io(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, ...options });
}

export type PublicClientSocket = Socket<PublicServerToClientEvents, Record<string, never>>;

/** A socket on the public namespace, as a signed-out page opens it; `auth` carries the region. */
export function openPublicSocket(url: string, auth?: Record<string, unknown>): PublicClientSocket {
  return io(`${url}${PUBLIC_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, ...(auth ? { auth } : {}) });
}

/** Resolves once connected; rejects with the server's refusal. */
export function connected<S extends ClientSocket | PublicClientSocket>(socket: S): Promise<S> {
  // Both kinds have the same reserved events; one view of them is enough here.
  const plain = socket as unknown as Socket;
  return new Promise((resolve, reject) => {
    if (plain.connected) return resolve(socket);
    plain.once('connect', () => resolve(socket));
    plain.once('connect_error', reject);
  });
}

export function refusalOf(socket: ClientSocket): Promise<Error & { data?: { code?: string } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', resolve);
  });
}

/** The next `event` on the socket, or a rejection after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener as never);
  });
}

/** Records every `event` the socket receives, in order. */
export function record<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const received: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

export function joinRideChat(socket: ClientSocket, rideId: string): Promise<JoinRideChatResult> {
  return new Promise((resolve) => socket.emit('join-ride-chat', rideId, resolve));
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
