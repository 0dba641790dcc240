import type { DirectMessage, RideMessage } from './schemas/messages.js';
import type { Notification } from './schemas/notifications.js';

/** Socket.IO event names, shared by the server and the web app. */
export const SOCKET_EVENTS = {
  joinRideChat: 'join-ride-chat',
  leaveRideChat: 'leave-ride-chat',
  newMessage: 'new-message',
  directMessage: 'direct-message',
  notification: 'notification',
} as const;

export type JoinRideChatResult =
  | { ok: true }
  | { ok: false; code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'INTERNAL_ERROR'; message: string };

export interface ClientToServerEvents {
  /** Joins the ride's chat room; refused (and nothing joined) for anyone who may not read the chat. */
  'join-ride-chat': (rideId: string, ack?: (result: JoinRideChatResult) => void) => void;
  'leave-ride-chat': (rideId: string) => void;
}

export interface ServerToClientEvents {
  /** A message in a ride chat the socket has joined. */
  'new-message': (message: RideMessage) => void;
  /** A direct message to or from the signed-in user (the sender's other tabs get it too). */
  'direct-message': (message: DirectMessage) => void;
  notification: (notification: Notification) => void;
}

export type ServerToClientEventName = keyof ServerToClientEvents;

/** Room names: one per user (direct messages, notifications) and one per ride chat. */
export const userRoom = (userId: string) => `user:${userId}`;
export const rideRoom = (rideId: string) => `ride:${rideId}`;

/** What the handshake carries: the session token (the Authorization header is accepted too). */
export interface SocketHandshakeAuth {
  token: string;
}
