/**
 * The search baseline: a bare Fastify + pg process running the app's SQL (captured from drizzle,
 * see capture-search-sql.ts) for the same requests, without the app's plugins, validation,
 * drizzle mapping or DTOs. Started by run-search.ts; listens on loopback only.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { serveBareBaseline } from '../lib/bare-server.js';
import { buildSearchParams, searchShape, type SearchSqlTemplates } from './search-sql.js';

const port = Number(process.env.PORT);
const templates = JSON.parse(readFileSync(process.env.BENCH_SQL_TEMPLATES!, 'utf8')) as SearchSqlTemplates;
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
pool.on('error', () => {});

interface SessionRow {
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

const app = Fastify({ logger: false });

app.get('/api/health', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.get('/api/rides/getall', async (request, reply) => {
  const query = request.query as Record<string, string | string[] | undefined>;
  const single = (name: string) => {
    const value = query[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  };
  const colleges = query.colleges === undefined ? undefined : [query.colleges].flat();
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.status(401).send({ code: 'UNAUTHORIZED' });

  const now = new Date();
  // Named statements, as the app prepares these three queries: both sides parse and plan them once per connection.
  const session = await pool.query<SessionRow>({ name: 'session', text: templates.session, values: [createHash('sha256').update(token).digest('hex'), 1] });
  const found = session.rows[0];
  if (!found || found.revoked_at || found.expires_at.getTime() <= now.getTime()) return reply.status(401).send({ code: 'UNAUTHORIZED' });

  const filter = {
    region: String(request.headers['x-region'] ?? 'cornell'),
    from: single('from'),
    to: single('to'),
    colleges,
    startDate: single('startDate'),
    endDate: single('endDate'),
    timezone: single('timezone') ?? 'UTC',
    limit: Number(single('limit') ?? 50),
    offset: Number(single('offset') ?? 0),
  };
  const shape = searchShape(filter);
  const text = templates.search[shape];
  if (!text) return reply.status(400).send({ code: 'UNKNOWN_SHAPE' });
  const rides = await pool.query({ name: `search:${shape}`, text, values: buildSearchParams(filter, now, found.user_id), rowMode: 'array' });
  const rideIds = rides.rows.map((row: unknown[]) => row[0] as string);
  if (rideIds.length > 0) {
    await pool.query({ name: 'bookings-of-user', text: templates.bookingsOfUser, values: [found.user_id, rideIds], rowMode: 'array' });
  }
  return rides.rows;
});

await serveBareBaseline(app, pool, port);
