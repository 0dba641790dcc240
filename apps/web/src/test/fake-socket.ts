import type { AppSocket, AppSocketOptions } from '../lib/socket';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for a socket.io-client socket: enough of its surface for the app's hooks, plus
 * controls for a test to play the server (connect, drop, push an event, answer an emit).
 */
export class FakeSocket {
  connected = false;
  recovered = false;
  active = true;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  /** How the fake server answers an emit that carries an acknowledgement callback. */
  ackWith: (event: string, args: unknown[]) => unknown = () => ({ ok: true });
  private listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: AppSocketOptions) {}

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const last = args[args.length - 1];
    const payload = typeof last === 'function' ? args.slice(0, -1) : args;
    this.emitted.push({ event, args: payload });
    if (typeof last === 'function') (last as Listener)(this.ackWith(event, payload));
    return this;
  }

  connect() {
    this.serverConnect();
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** The server accepted the handshake (again, for a reconnect). */
  serverConnect({ recovered = false }: { recovered?: boolean } = {}) {
    this.connected = true;
    this.recovered = recovered;
    this.fire('connect');
  }

  /** The connection dropped; socket.io would retry. */
  serverDrop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server pushes an event to this socket. */
  serverEmit(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
  }

  emitsOf(event: string): unknown[][] {
    return this.emitted.filter((each) => each.event === event).map((each) => each.args);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of Array.from(this.listeners.get(event) ?? [])) listener(...args);
  }
}

/** A factory for setSocketFactory that remembers every socket it made. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory = (options: AppSocketOptions) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket as unknown as AppSocket;
  };
  return { factory, sockets, latest: () => sockets[sockets.length - 1] };
}
