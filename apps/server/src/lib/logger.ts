import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the request's log line shows its path only (the query carries a provider's code and state). */
    logQuery?: boolean;
  }
}

/**
 * Fields that may carry a secret in any log line: sessions, cookies, an OpenID Connect provider's
 * client secret, and a sign-in code. None is logged on purpose; these keep a future log line honest.
 */
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'clientSecret',
  '*.clientSecret',
  '*.*.clientSecret',
  'client_secret',
  '*.client_secret',
  'signInCode',
  '*.signInCode',
];

/** pino's redaction, as every logger of the server has it. */
export const LOG_REDACT = { paths: LOG_REDACT_PATHS, censor: '[redacted]' };

/**
 * Readable lines (pino-pretty) for a person running the server in a terminal; JSON lines for
 * everything else (a log collector, a file, production), where each field must stay a field.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>, isTty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const redact = LOG_REDACT;
  if (!isTty || config.nodeEnv === 'production') return { level: config.logLevel, redact };
  return {
    level: config.logLevel,
    redact,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}

/**
 * One line per request, written when it is answered. Fastify's own writes two (incoming and
 * completed) and the first says nothing the second does not. The request id comes with the
 * request's logger (`reqId`).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.routeOptions.config.logQuery === false ? request.url.split('?')[0] : request.url,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error here is a failure to send the answer (the client went away mid-response).
    if (error) request.log.warn({ ...line, err: error }, 'request completed with an error');
    else request.log.info(line, 'request completed');
  }
}

/**
 * For an instance whose requests are passed on from the app's (the API docs'): the app already
 * logs each request's line, so this one leaves out its own request lines and not-found lines, and
 * keeps the rest of Fastify's, above all the error a handler threw (at error level for a 500).
 */
export class NoRequestLinesLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  override routeNotFound(): void {}
}
