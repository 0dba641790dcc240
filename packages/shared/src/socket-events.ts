import type { DirectMessage, RideMessage } from './schemas/messages.js';
import type { Notification } from './schemas/notifications.js';
import type { Region } from './regions.js';
import type { RideSeats } from './schemas/rides.js';

/** Socket.IO event names, shared by the server and the web app. */
export const SOCKET_EVENTS = {
  joinRideChat: 'join-ride-chat',
  leaveRideChat: 'leave-ride-chat',
  newMessage: 'new-message',
  directMessage: 'direct-message',
  notification: 'notification',
  rideSeats: 'ride-seats',
} as const;

/**
 * The public namespace: no sign-in, one room per region, events anyone browsing may see. The web
 * app opens it beside the signed-in socket (the two share one connection).
 */
export const PUBLIC_NAMESPACE = '/public';

export interface PublicServerToClientEvents {
  /** A ride of the region changed its free seats or suitcases, or its status. */
  'ride-seats': (update: RideSeats) => void;
}

/** What the public namespace's handshake carries: the region to follow (cornell when missing). */
export interface PublicHandshakeAuth {
  region: Region;
}

export type JoinRideChatResult =
  | { ok: true }
  | { ok: false; code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'INTERNAL_ERROR'; message: string };

export interface ClientToServerEvents {
  /** Joins the ride's chat room; refused (and nothing joined) for anyone who may not read the chat. */
  'join-ride-chat': (rideId: string, ack?: (result: JoinRideChatResult) => void) => void;
  'leave-ride-chat': (rideId: string) => void;
}

/** What a user's room (`user:<id>`) hears: every socket of the signed-in person. */
interface UserRoomEvents {
  /** A direct message to or from the signed-in user (the sender's other tabs get it too). */
  'direct-message': (message: DirectMessage) => void;
  notification: (notification: Notification) => void;
}

/** What a ride chat's room (`ride:<id>`) hears: the sockets that joined it. */
interface RideRoomEvents {
  /** A message in a ride chat the socket has joined. */
  'new-message': (message: RideMessage) => void;
}

export interface ServerToClientEvents extends UserRoomEvents, RideRoomEvents {}

export type ServerToClientEventName = keyof ServerToClientEvents;
export type UserRoomEventName = keyof UserRoomEvents;
export type RideRoomEventName = keyof RideRoomEvents;
export type PublicServerToClientEventName = keyof PublicServerToClientEvents;

/**
 * The one value an event carries, as its listener receives it: the server publishes exactly this
 * type under the event's name, and the web app's handler is given it.
 */
export type ServerToClientPayload<Name extends ServerToClientEventName> = Parameters<ServerToClientEvents[Name]>[0];
export type PublicServerToClientPayload<Name extends PublicServerToClientEventName> = Parameters<PublicServerToClientEvents[Name]>[0];

/** Room names: one per user (direct messages, notifications) and one per ride chat. */
export const userRoom = (userId: string) => `user:${userId}`;
export const rideRoom = (rideId: string) => `ride:${rideId}`;
/** The public namespace's room of everyone browsing a region. */
export const regionRoom = (region: Region) => `region:${region}`;

/** What the handshake carries: the session token (the Authorization header is accepted too). */
export interface SocketHandshakeAuth {
  token: string;
}
