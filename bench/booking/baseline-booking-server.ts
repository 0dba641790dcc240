/**
 * The booking baseline over HTTP: a bare Fastify + pg process doing what a booking fundamentally
 * needs: the bearer session lookup, the conditional seat statement with the booking row, and one
 * JSON answer. No plugins, validation library, ORM, rules beyond the seats, notification or DTO.
 * Started by run-booking.ts; listens on loopback only. The app's figure is reported against it
 * and against the bare transaction without HTTP (bench/README.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { serveBareBaseline } from '../lib/bare-server.js';

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
pool.on('error', () => {});

const SESSION_SQL = `select user_id, expires_at, revoked_at from sessions where token_hash = $1 limit 1`;
/** The seats taken only if they are free, and the booking inserted only if they were, in one statement. */
const BOOK_SQL = `
  with reserved as (
    update rides set seats_available = seats_available - $2, suitcases_available = suitcases_available - $3
     where id = $1 and status = 'active' and departs_at > now() and seats_available >= $2 and suitcases_available >= $3
    returning id, seats_available, suitcases_available
  )
  insert into bookings (id, ride_id, user_id, seats, suitcases, status, payment_intent_id, created_at, updated_at)
  select $4, reserved.id, $5, $2, $3, 'pending', $6, now(), now() from reserved
  returning id, ride_id, user_id, seats, suitcases, status, created_at,
            (select seats_available from reserved) as seats_available, (select suitcases_available from reserved) as suitcases_available`;

interface BookBody {
  rideId?: unknown;
  seats?: unknown;
  suitcases?: unknown;
  paymentIntentId?: unknown;
}

const app = Fastify({ logger: false });

app.get('/api/health', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.post('/api/bookings/bookRide', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.status(401).send({ code: 'UNAUTHORIZED' });
  const session = await pool.query<{ user_id: string; expires_at: Date; revoked_at: Date | null }>({
    name: 'session',
    text: SESSION_SQL,
    values: [createHash('sha256').update(token).digest('hex')],
  });
  const found = session.rows[0];
  if (!found || found.revoked_at || found.expires_at.getTime() <= Date.now()) return reply.status(401).send({ code: 'UNAUTHORIZED' });

  const body = request.body as BookBody;
  const seats = Number(body.seats);
  const suitcases = Number(body.suitcases);
  if (typeof body.rideId !== 'string' || !Number.isInteger(seats) || !Number.isInteger(suitcases)) return reply.status(400).send({ code: 'VALIDATION_FAILED' });
  const booked = await pool.query({
    name: 'book',
    text: BOOK_SQL,
    values: [body.rideId, seats, suitcases, randomUUID(), found.user_id, String(body.paymentIntentId ?? '')],
  });
  if (booked.rowCount === 0) return reply.status(409).send({ code: 'RIDE_FULL', message: 'Not enough room on this ride' });
  return reply.status(201).send(booked.rows[0]);
});

await serveBareBaseline(app, pool, port);
