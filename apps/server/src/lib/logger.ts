import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * Readable lines (pino-pretty) for a person running the server in a terminal; JSON lines for
 * everything else (a log collector, a file, production), where each field must stay a field.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>, isTty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (!isTty || config.nodeEnv === 'production') return { level: config.logLevel };
  return {
    level: config.logLevel,
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
      url: request.url,
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
