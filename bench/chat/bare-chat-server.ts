/**
 * The chat baseline: a bare Fastify + Socket.IO process that joins anyone to any room and
 * broadcasts each posted message, shaped as the app's new-message payload. No sessions, no access
 * checks, no database: the ratio shows what those cost. Listens on loopback only.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
const io = new Server(app.server, { serveClient: false });

io.on('connection', (socket) => {
  socket.on('join-ride-chat', (rideId: unknown, ack: unknown) => {
    if (typeof rideId !== 'string') return;
    void socket.join(`ride:${rideId}`);
    if (typeof ack === 'function') ack({ ok: true });
  });
});

app.get('/api/health', async () => ({ status: 'ok' }));

app.post('/api/messages/send', async (request, reply) => {
  const { rideId, content } = request.body as { rideId: string; content: string };
  const message = {
    id: randomUUID(),
    rideId,
    userId: null,
    userName: 'Bench User',
    user: null,
    content,
    timestamp: new Date().toISOString(),
    kind: 'user',
  };
  io.to(`ride:${rideId}`).emit('new-message', message);
  return reply.status(201).send(message);
});

const shutdown = () => {
  io.close();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
