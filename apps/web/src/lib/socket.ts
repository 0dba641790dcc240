import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import {
  PUBLIC_NAMESPACE,
  type ClientToServerEvents,
  type PublicHandshakeAuth,
  type PublicServerToClientEvents,
  type ServerToClientEventName,
  type ServerToClientEvents,
  type ServerToClientPayload,
  type SocketHandshakeAuth,
} from '@carpool/shared/socket-events';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { api } from './api-client';
import { useRegion } from './region';
import { useSession } from './session';
import { getToken } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type AppSocketOptions = Partial<ManagerOptions & SocketOptions>;
export type SocketFactory = (options: AppSocketOptions) => AppSocket;

/** Handshake codes after which asking again with the same token is pointless. */
const AUTH_REFUSALS = new Set(['UNAUTHORIZED', 'TOKEN_EXPIRED']);

/** Spec section 9: websocket transport, the session token, unlimited reconnects 1 to 5 s apart. */
export function socketOptions(token: string): AppSocketOptions {
  const auth: SocketHandshakeAuth = { token };
  return {
    transports: ['websocket'],
    auth,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
  };
}

// Same origin: the server runs Socket.IO on the port that serves the app (and the dev proxy).
const defaultFactory: SocketFactory = (options) => io(options);

/** The public namespace's socket: no sign-in, the events of one region (docs/decisions/live-seat-counts.md). */
export type PublicSocket = Socket<PublicServerToClientEvents, Record<string, never>>;
export type PublicSocketFactory = (options: AppSocketOptions) => PublicSocket;

/** As the signed-in socket, with the region in place of the token. */
function publicSocketOptions(region: Region): AppSocketOptions {
  const auth: PublicHandshakeAuth = { region };
  return { ...socketOptions(''), auth };
}

// Socket.IO multiplexes namespaces of one origin: beside the signed-in socket this adds no connection.
const defaultPublicFactory: PublicSocketFactory = (options) => io(PUBLIC_NAMESPACE, options);
let publicFactory: PublicSocketFactory = defaultPublicFactory;

/** Tests replace the public socket with a fake one; null restores the real one. */
export function setPublicSocketFactory(next: PublicSocketFactory | null): void {
  publicFactory = next ?? defaultPublicFactory;
}

/** Opens a public socket following the region; the caller disconnects it. */
export function openPublicSocket(region: Region): PublicSocket {
  return publicFactory(publicSocketOptions(region));
}
let factory: SocketFactory = defaultFactory;

/** Tests replace the connection with a fake socket object; null restores the real one. */
export function setSocketFactory(next: SocketFactory | null): void {
  closeCurrent();
  factory = next ?? defaultFactory;
}

interface Connection {
  key: string;
  socket: AppSocket;
  holders: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * One connection for the session the page shows (a region and its token). Components hold it
 * while mounted; when nobody holds it any more (sign-out, another region) it is closed.
 */
let current: Connection | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function connectionKey(region: Region, token: string): string {
  return `${region}:${token}`;
}

function closeCurrent(): void {
  const closing = current;
  if (!closing) return;
  current = null;
  if (closing.retryTimer) clearTimeout(closing.retryTimer);
  closing.socket.removeAllListeners();
  closing.socket.disconnect();
  notify();
}

/**
 * Socket.IO retries by itself after network trouble, but not after the server's handshake
 * middleware refused the connection (socket.active is false then). A refused token goes through
 * the API client's token check, whose 401 handling ends the session like any other call; any
 * other refusal (the server could not check the session) is retried after the longest delay.
 */
function watchRefusals(connection: Connection): void {
  connection.socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    if (connection.socket.active || current !== connection) return;
    const retry = () => {
      if (current !== connection) return;
      connection.retryTimer = setTimeout(() => {
        connection.retryTimer = null;
        if (current === connection) connection.socket.connect();
      }, SOCKET_RECONNECT_DELAY_MAX_MS);
    };
    if (AUTH_REFUSALS.has(error.data?.code ?? '')) {
      api.get('/api/auth/verify-token').then(retry, retry);
    } else {
      retry();
    }
  });
}

/** Takes a share of the session's connection, opening it if needed; returns the release. */
function holdSocket(region: Region, token: string): () => void {
  const key = connectionKey(region, token);
  if (current && current.key !== key) closeCurrent();
  if (!current) {
    current = { key, socket: factory(socketOptions(token)), holders: 0, retryTimer: null };
    watchRefusals(current);
    notify();
  }
  const held = current;
  held.holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.holders -= 1;
    // Checked a moment later, so that a component remounting at once (a route change, React's
    // development double effects) keeps the same connection instead of reconnecting.
    queueMicrotask(() => {
      if (current === held && held.holders === 0) closeCurrent();
    });
  };
}

/** The open connection of that session, if any. */
function peekSocket(region: Region, token: string): AppSocket | null {
  return current?.key === connectionKey(region, token) ? current.socket : null;
}

function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The socket of the signed-in session of the current region, or null when signed out. */
export function useSocket(): AppSocket | null {
  const { user } = useSession();
  const { region } = useRegion();
  const token = user ? getToken(region) : null;
  useEffect(() => (token ? holdSocket(region, token) : undefined), [region, token]);
  return useSyncExternalStore(subscribeConnection, () => (token ? peekSocket(region, token) : null));
}

/** Whether the socket is connected right now, re-rendering when that changes. */
export function useSocketConnected(socket: AppSocket | null): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!socket) return () => undefined;
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => socket?.connected ?? false);
}

/** Listens to a server event for as long as the component is mounted, with the latest handler. */
export function useSocketEvent<Name extends ServerToClientEventName>(
  socket: AppSocket | null,
  name: Name,
  handler: (payload: ServerToClientPayload<Name>) => void,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: ServerToClientPayload<Name>) => handlerRef.current(payload);
    // socket.io's typed on/off cannot resolve the listener type of a generic name; given the union
    // of names they take a listener of any one event. The hook's own signature is what ties the
    // name to its payload, for every caller.
    socket.on<ServerToClientEventName>(name, listener);
    return () => void socket.off<ServerToClientEventName>(name, listener);
  }, [socket, name]);
}

export interface SocketConnectInfo {
  /**
   * True when this connection came up while the component was mounted (a first connect or a
   * reconnect), so events may have been missed since the component fetched its data.
   */
  connectedAfterMount: boolean;
  /** Socket.IO replayed the missed events (connection state recovery); nothing to refetch. */
  recovered: boolean;
}

/**
 * Runs once the socket is connected (at once if it already is) and again after every reconnect,
 * where rooms must be joined again and, unless the server replayed them, missed messages fetched.
 */
export function useSocketConnect(socket: AppSocket | null, handler: (socket: AppSocket, info: SocketConnectInfo) => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    if (socket.connected) handlerRef.current(socket, { connectedAfterMount: false, recovered: false });
    const onConnect = () => handlerRef.current(socket, { connectedAfterMount: true, recovered: socket.recovered });
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
