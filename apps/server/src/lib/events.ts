import { EventEmitter } from 'node:events';
import type { Region } from '@carpool/shared/regions';
import type { RideSeats } from '@carpool/shared/schemas/rides';

/**
 * Domain events, published by services after their transaction commits. The realtime layer
 * forwards them to Socket.IO rooms (and so, through the Redis adapter, to every process).
 */
export interface DomainEvents {
  /** Something for one user's room `user:<id>` (notifications, direct messages). */
  'user-event': { userId: string; event: string; payload: unknown };
  /** Something for a ride's chat room `ride:<id>`. */
  'ride-event': { rideId: string; event: string; payload: unknown };
  /** Something for everyone browsing a region (the public namespace's room `region:<region>`). */
  'region-event': { region: Region; event: 'ride-seats'; payload: RideSeats };
  /** A ride's free seats, suitcases or status changed (committed); the rides module tells the region. */
  'ride-changed': { rideId: string };
  /** A session was revoked (sign-out): its open sockets must go, on every process. */
  'session-ended': { sessionId: string };
}

export interface EventBus {
  publish<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): void;
  subscribe<K extends keyof DomainEvents>(name: K, listener: (event: DomainEvents[K]) => void): () => void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish: (name, event) => void emitter.emit(name, event),
    subscribe(name, listener) {
      emitter.on(name, listener);
      return () => void emitter.off(name, listener);
    },
  };
}
