import type { ErrorBody, ErrorCode } from '@carpool/shared/errors';
import { TEXTS } from '@carpool/shared/texts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: unknown) {
  const body: ErrorBody = { error: message, message, code };
  if (details !== undefined) body.details = details;
  return reply.status(status).type('application/json').send(body);
}

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_FILE_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'BAD_REQUEST',
  FST_PARTS_LIMIT: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BAD_REQUEST',
};

/** When a client should try again after the database went away: pools reconnect within seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One error handler for the whole API: every error answer has the same JSON shape. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: `${error.validationContext ?? 'body'}${issue.instancePath.replaceAll('/', '.')}`,
        message: issue.message,
      }));
      const first = details[0];
      const message = first ? `Invalid request: ${first.path} ${first.message}` : 'Invalid request';
      return send(reply, 400, 'VALIDATION_FAILED', message, details);
    }
    if (error.statusCode === 429) {
      return send(reply, 429, 'RATE_LIMITED', 'Too many requests, please slow down');
    }
    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) {
      return send(reply, error.statusCode ?? 400, mapped, error.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 415 ? 'UNSUPPORTED_FILE_TYPE' : error.statusCode === 413 ? 'FILE_TOO_LARGE' : 'BAD_REQUEST';
      return send(reply, error.statusCode, code, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of ours and not the client's: it passes once the database is back.
      request.log.warn({ err: error }, 'database unavailable, answering 503');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, 'SERVICE_UNAVAILABLE', TEXTS.serviceUnavailable);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return send(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });
});
