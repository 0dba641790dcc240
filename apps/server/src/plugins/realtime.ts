import { NotificationDto, type NotificationKind } from '@carpool/shared/schemas/notifications';
import { DEFAULT_REGION, isRegion } from '@carpool/shared/regions';
import {
  PUBLIC_NAMESPACE,
  SOCKET_EVENTS,
  regionRoom,
  rideRoom,
  userRoom,
  type ClientToServerEvents,
  type PublicServerToClientEvents,
  type JoinRideChatResult,
  type ServerToClientEventName,
  type ServerToClientEvents,
} from '@carpool/shared/socket-events';
import { TEXTS } from '@carpool/shared/texts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Namespace, type Socket } from 'socket.io';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';
import { setTimeoutAt } from '../lib/long-timeout.js';
import { authenticateToken } from '../modules/auth/auth.service.js';
import { canAccessRideChat, findBookingPassenger } from '../modules/ride-messages/ride-messages.service.js';
import { bearerToken } from './auth.js';

export interface SocketData {
  userId: string;
  sessionId: string;
  sessionExpiresAt: number;
}

/** Every socket of a session, so that signing out closes them on every process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeServer;
  }
}

/** How long a dropped connection may come back and get the events it missed replayed. */
export const CONNECTION_RECOVERY_MS = 2 * 60_000;

/** Notifications after which the passenger concerned may no longer be in the ride's chat. */
const ACCESS_ENDING_KINDS: ReadonlySet<NotificationKind> = new Set(['booking_rejected', 'booking_cancelled_by_passenger', 'ride_cancelled']);

const SERVER_EVENT_NAMES: ReadonlySet<string> = new Set<ServerToClientEventName>([
  SOCKET_EVENTS.newMessage,
  SOCKET_EVENTS.directMessage,
  SOCKET_EVENTS.notification,
]);

const RideIdSchema = z.uuid();

/** The error a refused handshake carries to the client's connect_error. */
function refusal(code: string, message: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}

function handshakeToken(socket: RealtimeSocket): string | null {
  const fromAuth: unknown = socket.handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) return fromAuth;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * Socket.IO on the HTTP server of the app. Services never touch it: they publish domain events
 * after their commit, and this plugin forwards them to rooms (`user:<id>`, `ride:<id>`). With
 * REDIS_URL the rooms span every server process through the Redis streams adapter.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const { events, db } = app.deps;

  const redis = app.redisConnections.configured ? app.redisConnections.create('realtime', 'background') : null;
  // The adapter and its dependencies are loaded only with Redis (bench/README.md, "the embedded start").
  const adapter = redis ? (await import('./realtime-adapter.js')).resilientRedisAdapter(redis, app.log, app.deps.config.redisKeyPrefix) : null;

  const io: RealtimeServer = new Server(app.server, {
    serveClient: false,
    ...(adapter ? { adapter } : {}),
    // A reconnect within this time gets the missed room events replayed; the web app refetches
    // the history in any case, so a longer outage (or a killed process) loses nothing either.
    connectionStateRecovery: { maxDisconnectionDuration: CONNECTION_RECOVERY_MS, skipMiddlewares: false },
  });
  app.decorate('realtime', io);

  /**
   * The public namespace (docs/decisions/live-seat-counts.md): anyone, signed in or not, follows
   * one region's room and hears only what the region's ride list shows to everyone. Nothing is
   * asked of the database, and the client sends nothing.
   */
  const publicSpace: Namespace<Record<string, never>, PublicServerToClientEvents> = io.of(PUBLIC_NAMESPACE);
  publicSpace.use((socket, next) => {
    const requested: unknown = socket.handshake.auth?.region;
    if (requested === undefined || isRegion(requested)) {
      next();
      return;
    }
    next(refusal('INVALID_REGION', 'The region must be cornell or nj'));
  });
  publicSpace.on('connection', (socket) => {
    const requested: unknown = socket.handshake.auth?.region;
    void socket.join(regionRoom(isRegion(requested) ? requested : DEFAULT_REGION));
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) {
      next(refusal('UNAUTHORIZED', 'Sign in first: the socket handshake needs your session token (auth.token)'));
      return;
    }
    authenticateToken(app.deps, token).then(
      (auth) => {
        socket.data.userId = auth.user.id;
        socket.data.sessionId = auth.sessionId;
        socket.data.sessionExpiresAt = auth.sessionExpiresAt.getTime();
        next();
      },
      (error: unknown) => {
        if (error instanceof AppError) {
          next(refusal(error.code, error.message));
          return;
        }
        if (isDatabaseUnavailable(error)) {
          app.log.warn({ err: error }, 'realtime: handshake refused, the database is unavailable');
          next(refusal('SERVICE_UNAVAILABLE', TEXTS.serviceUnavailable));
          return;
        }
        app.log.error({ err: error }, 'realtime: handshake check failed');
        next(refusal('INTERNAL_ERROR', 'Could not check your session. Please try again.'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, sessionId, sessionExpiresAt } = socket.data;
    void socket.join(userRoom(userId));
    void socket.join(sessionRoom(sessionId));
    // A socket must not outlive its session: the next handshake would be refused anyway.
    // The periodic job also deletes the expired session and closes its sockets on every process.
    const cancelExpiry = setTimeoutAt(() => socket.disconnect(true), new Date(sessionExpiresAt), app.deps.clock);
    socket.once('disconnect', cancelExpiry);
    if (socket.recovered) void dropRevokedRideRooms(socket);

    socket.on(SOCKET_EVENTS.joinRideChat, (rideId, ack) => {
      const answer = (result: JoinRideChatResult) => {
        if (typeof ack === 'function') ack(result);
      };
      const parsed = RideIdSchema.safeParse(rideId);
      if (!parsed.success) {
        answer({ ok: false, code: 'VALIDATION_FAILED', message: 'join-ride-chat needs a ride id' });
        return;
      }
      canAccessRideChat(db, parsed.data, userId).then(
        async (allowed) => {
          if (!allowed) {
            answer({
              ok: false,
              code: 'FORBIDDEN',
              message: 'Only the driver and passengers with a pending or confirmed booking can join this ride chat',
            });
            return;
          }
          await socket.join(rideRoom(parsed.data));
          answer({ ok: true });
        },
        (error: unknown) => {
          app.log.error({ err: error, rideId: parsed.data }, 'realtime: join-ride-chat failed');
          answer({ ok: false, code: 'INTERNAL_ERROR', message: 'Could not join the ride chat. Please try again.' });
        },
      );
    });

    socket.on(SOCKET_EVENTS.leaveRideChat, (rideId) => {
      if (typeof rideId === 'string') void socket.leave(rideRoom(rideId));
    });
  });

  /** A recovered connection gets its rooms back; access may have ended while it was away. */
  async function dropRevokedRideRooms(socket: RealtimeSocket) {
    try {
      for (const room of socket.rooms) {
        if (!room.startsWith('ride:')) continue;
        if (!(await canAccessRideChat(db, room.slice('ride:'.length), socket.data.userId))) await socket.leave(room);
      }
    } catch (error) {
      app.log.error({ err: error }, 'realtime: re-checking ride rooms after recovery failed');
    }
  }

  /** Takes people whose booking no longer holds a seat out of the ride's room, on every process. */
  async function dropFromRideRoomAfter(recipientId: string, payload: unknown) {
    const parsed = NotificationDto.safeParse(payload);
    if (!parsed.success || !parsed.data.rideId || !ACCESS_ENDING_KINDS.has(parsed.data.kind)) return;
    const { rideId, bookingId } = parsed.data;
    const candidates = new Set([recipientId]);
    if (bookingId) {
      const passenger = await findBookingPassenger(db, bookingId);
      if (passenger) candidates.add(passenger.userId);
    }
    for (const candidate of candidates) {
      if (!(await canAccessRideChat(db, rideId, candidate))) io.in(userRoom(candidate)).socketsLeave(rideRoom(rideId));
    }
  }

  function emitToRoom(room: string, event: string, payload: unknown) {
    if (!SERVER_EVENT_NAMES.has(event)) {
      app.log.error({ event }, 'realtime: refusing to emit an event that is not in the socket event map');
      return;
    }
    // The event name was checked against the map above; the payload is the service's DTO for it.
    (io.to(room) as unknown as { emit(name: string, data: unknown): boolean }).emit(event, payload);
  }

  const unsubscribers = [
    events.subscribe('user-event', ({ userId, event, payload }) => {
      emitToRoom(userRoom(userId), event, payload);
      if (event === SOCKET_EVENTS.notification) {
        dropFromRideRoomAfter(userId, payload).catch((error: unknown) =>
          app.log.error({ err: error }, 'realtime: removing a passenger from a ride room failed'),
        );
      }
    }),
    events.subscribe('ride-event', ({ rideId, event, payload }) => emitToRoom(rideRoom(rideId), event, payload)),
    events.subscribe('region-event', ({ region, event, payload }) => publicSpace.to(regionRoom(region)).emit(event, payload)),
    events.subscribe('session-ended', ({ sessionId }) => io.in(sessionRoom(sessionId)).disconnectSockets(true)),
  ];

  app.addHook('preClose', async () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    // Disconnects every socket (their sessions are kept for recovery on another process) and
    // stops the adapter; Fastify then finishes the HTTP requests still in flight. The Redis
    // clients are closed by the app, after this.
    await io.close();
  });
});
