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
/**
 * The seats taken on every leg of the asked range only if each has them free, and the booking
 * inserted only if they were, in one statement; the range functions are the database's own
 * (migration 0016), as the app's seat inventory uses them. No from / to: the whole ride.
 */
const BOOK_SQL = `
  with reserved as (
    update rides set leg_seats = legs_add(leg_seats, route_legs(route, $7::text, $8::text), -$2::int),
                     leg_suitcases = legs_add(leg_suitcases, route_legs(route, $7::text, $8::text), -$3::int)
     where id = $1 and status = 'active' and departs_at > now()
       and coalesce(legs_min(leg_seats, route_legs(route, $7::text, $8::text)) >= $2::smallint
                    and legs_min(leg_suitcases, route_legs(route, $7::text, $8::text)) >= $3::smallint, false)
    returning id, legs_min(leg_seats) as seats_available, legs_min(leg_suitcases) as suitcases_available,
              coalesce($7::text, from_place) as from_place, coalesce($8::text, to_place) as to_place
  )
  insert into bookings (id, ride_id, user_id, seats, suitcases, from_place, to_place, status, payment_intent_id, created_at, updated_at)
  select $4, reserved.id, $5, $2, $3, reserved.from_place, reserved.to_place, 'pending', $6, now(), now() from reserved
  returning id, ride_id, user_id, seats, suitcases, from_place, to_place, status, created_at,
            (select seats_available from reserved) as seats_available, (select suitcases_available from reserved) as suitcases_available`;

interface BookBody {
  rideId?: unknown;
  seats?: unknown;
  suitcases?: unknown;
  paymentIntentId?: unknown;
  from?: unknown;
  to?: unknown;
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
  const place = (value: unknown) => (typeof value === 'string' ? value : null);
  if (typeof body.rideId !== 'string' || !Number.isInteger(seats) || !Number.isInteger(suitcases)) return reply.status(400).send({ code: 'VALIDATION_FAILED' });
  const booked = await pool.query({
    name: 'book',
    text: BOOK_SQL,
    values: [body.rideId, seats, suitcases, randomUUID(), found.user_id, String(body.paymentIntentId ?? ''), place(body.from), place(body.to)],
  });
  if (booked.rowCount === 0) return reply.status(409).send({ code: 'RIDE_FULL', message: 'Not enough room on this ride' });
  return reply.status(201).send(booked.rows[0]);
});

await serveBareBaseline(app, pool, port);
