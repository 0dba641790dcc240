import { EventEmitter } from 'node:events';
import type { Region } from '@carpool/shared/regions';
import type {
  PublicServerToClientEventName,
  PublicServerToClientPayload,
  RideRoomEventName,
  ServerToClientEventName,
  ServerToClientPayload,
  UserRoomEventName,
} from '@carpool/shared/socket-events';

/**
 * An event for one room, one variant per event name the room hears, each carrying the payload the
 * shared socket event map gives that name: publishing a name the room does not hear, or the wrong
 * payload for it, does not compile.
 */
type RoomEvent<Room, Name extends ServerToClientEventName> = {
  [Each in Name]: Room & { event: Each; payload: ServerToClientPayload<Each> };
}[Name];

/** As RoomEvent, for the public namespace's rooms. */
type PublicRoomEvent<Room, Name extends PublicServerToClientEventName> = {
  [Each in Name]: Room & { event: Each; payload: PublicServerToClientPayload<Each> };
}[Name];

/**
 * Domain events, published by services after their transaction commits. The realtime layer
 * forwards them to Socket.IO rooms (and so, through the Redis adapter, to every process).
 */
export interface DomainEvents {
  /** Something for one user's room `user:<id>` (notifications, direct messages). */
  'user-event': RoomEvent<{ userId: string }, UserRoomEventName>;
  /** Something for a ride's chat room `ride:<id>`. */
  'ride-event': RoomEvent<{ rideId: string }, RideRoomEventName>;
  /** Something for everyone browsing a region (the public namespace's room `region:<region>`). */
  'region-event': PublicRoomEvent<{ region: Region }, PublicServerToClientEventName>;
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
