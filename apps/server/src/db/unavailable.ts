/**
 * Whether an error means "the database cannot be reached right now" (refused or dropped
 * connections, a server shutting down or starting, a pool that cannot get a connection in time),
 * as opposed to a query that is wrong. The first is answered 503 with Retry-After and passes by
 * itself once the database is back; the second stays a 500.
 */

const READ_ONLY_SQLSTATE = '25006';

/** Node's socket errors on connecting to, or talking with, the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01 admin_shutdown
 * (a backend terminated: a restart, a failover, pg_terminate_backend), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down or in recovery), 53300
 * too_many_connections, and 25006 read_only_sql_transaction (a write reached a standby: the
 * primary is gone and the address still leads to the old one, or to a replica).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', READ_ONLY_SQLSTATE]);

/**
 * 55000 object_not_in_prerequisite_state is a broad class; only its connection refusal (a
 * database with `allow_connections false`, as during maintenance) means unavailability.
 */
const REFUSED_BY_DATABASE = { code: '55000', message: 'is not currently accepting connections' };

/** node-postgres and its pool say these in the message only. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection refused',
  'Client was closed and is not queryable',
];

function describesUnavailability(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (code === REFUSED_BY_DATABASE.code && typeof message === 'string' && message.includes(REFUSED_BY_DATABASE.message)) return true;
  if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  // Several addresses tried at once (localhost as ::1 and 127.0.0.1): every one of them refused.
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0 && errors.every(describesUnavailability);
}

/** Whether `test` holds for the error or one of its causes (drizzle wraps the driver's error as "Failed query: ..."). */
function inCauses(error: unknown, test: (candidate: unknown) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (test(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return inCauses(error, describesUnavailability);
}

/** Whether the server answered that it is read-only (a standby): the connection is to be replaced. */
export function isReadOnlyServer(error: unknown): boolean {
  return inCauses(error, (candidate) => typeof candidate === 'object' && candidate !== null && (candidate as { code?: unknown }).code === READ_ONLY_SQLSTATE);
}
