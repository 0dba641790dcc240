/**
 * Whether an error means "the database cannot be reached right now" (refused or dropped
 * connections, a server shutting down or starting, a pool that cannot get a connection in time),
 * as opposed to a query that is wrong. The first is answered 503 with Retry-After and passes by
 * itself once the database is back; the second stays a 500.
 */

/** Node's socket errors on connecting to, or talking with, the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery), 53300
 * too_many_connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and its pool say these in the message only. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection refused',
];

function describesUnavailability(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  // Several addresses tried at once (localhost as ::1 and 127.0.0.1): every one of them refused.
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0 && errors.every(describesUnavailability);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (describesUnavailability(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
