import type { Notification } from '@carpool/shared/schemas/notifications';
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
  type ServerToClientPayload,
} from '@carpool/shared/socket-events';
import { TEXTS } from '@carpool/shared/texts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Namespace, type Socket } from 'socket.io';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';
import { setTimeoutAt } from '../lib/long-timeout.js';
import { bearerToken } from './auth.js';

interface SocketData {
  userId: string;
  sessionId: string;
  sessionExpiresAt: number;
}

/** Every socket of a session, so that signing out closes them on every process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeServer;
  }
}

/** How long a dropped connection may come back and get the events it missed replayed. */
const CONNECTION_RECOVERY_MS = 2 * 60_000;

/** The people a notification takes out of a ride's chat room, and the ride. */
interface RideRoomLeavers {
  rideId: string;
  userIds: string[];
}

/**
 * What the gateway asks of the modules that own the rules, handed over by app.ts as it builds the
 * app (as immich's gateway is given its auth function): the plumbing imports no module, and each
 * rule stays with its owner.
 */
export interface RealtimeRules {
  /** The session a handshake's token opens; rejects (an AppError) when it opens none. The auth module's. */
  authenticate: (token: string) => Promise<{ user: { id: string }; sessionId: string; sessionExpiresAt: Date }>;
  /** Whether the user may be in the ride's chat room. The ride chat's. */
  mayJoinRideRoom: (rideId: string, userId: string) => Promise<boolean>;
  /**
   * Who leaves a ride's chat room after a notification to `recipientId` (their booking no longer
   * holds a seat), or null when the notification ends nobody's access. The ride chat's.
   */
  findRideRoomLeaversAfter: (recipientId: string, notification: Notification) => Promise<RideRoomLeavers | null>;
  /** The region of a public socket that names none (the regions directory's first live region). */
  defaultRegion: () => string;
}

type RoomBroadcast = ReturnType<RealtimeServer['to']>;

/**
 * One line per event: socket.io's typed `emit` takes a literal event name, not one generic over the
 * map. The mapped type makes a missing line, or a line that emits another payload, a compile error.
 */
const emitEvent: { [Name in ServerToClientEventName]: (room: RoomBroadcast, payload: ServerToClientPayload<Name>) => void } = {
  [SOCKET_EVENTS.newMessage]: (room, message) => room.emit(SOCKET_EVENTS.newMessage, message),
  [SOCKET_EVENTS.directMessage]: (room, message) => room.emit(SOCKET_EVENTS.directMessage, message),
  [SOCKET_EVENTS.notification]: (room, notification) => room.emit(SOCKET_EVENTS.notification, notification),
};

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
export const realtimePlugin = fp(async (app: FastifyInstance, rules: RealtimeRules) => {
  const { events } = app.deps;

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
    if (requested === undefined || (typeof requested === 'string' && app.isServedRegion(requested))) {
      next();
      return;
    }
    next(refusal('INVALID_REGION', 'The region must be one the app serves'));
  });
  publicSpace.on('connection', (socket) => {
    const requested: unknown = socket.handshake.auth?.region;
    void socket.join(regionRoom(typeof requested === 'string' && app.isServedRegion(requested) ? requested : rules.defaultRegion()));
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) {
      next(refusal('UNAUTHORIZED', 'Sign in first: the socket handshake needs your session token (auth.token)'));
      return;
    }
    rules.authenticate(token).then(
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
      rules.mayJoinRideRoom(parsed.data, userId).then(
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
        if (!(await rules.mayJoinRideRoom(room.slice('ride:'.length), socket.data.userId))) await socket.leave(room);
      }
    } catch (error) {
      app.log.error({ err: error }, 'realtime: re-checking ride rooms after recovery failed');
    }
  }

  /** Takes people whose booking no longer holds a seat out of the ride's room, on every process. */
  async function dropFromRideRoomAfter(recipientId: string, notification: Notification) {
    const leavers = await rules.findRideRoomLeaversAfter(recipientId, notification);
    if (!leavers) return;
    for (const userId of leavers.userIds) io.in(userRoom(userId)).socketsLeave(rideRoom(leavers.rideId));
  }

  function emitToRoom<Name extends ServerToClientEventName>(room: string, { event, payload }: { event: Name; payload: ServerToClientPayload<Name> }) {
    emitEvent[event](io.to(room), payload);
  }

  const unsubscribers = [
    events.subscribe('user-event', (userEvent) => {
      emitToRoom(userRoom(userEvent.userId), userEvent);
      if (userEvent.event === SOCKET_EVENTS.notification) {
        dropFromRideRoomAfter(userEvent.userId, userEvent.payload).catch((error: unknown) =>
          app.log.error({ err: error }, 'realtime: removing a passenger from a ride room failed'),
        );
      }
    }),
    events.subscribe('ride-event', (rideEvent) => emitToRoom(rideRoom(rideEvent.rideId), rideEvent)),
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
