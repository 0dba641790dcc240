import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** The path of the first string value that holds a NUL character, or null when none does. */
function findNulCharacter(value: unknown, path: string): string | null {
  const pending: Array<[unknown, string]> = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, `${at}.${index}`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) pending.push([item, `${at}.${key}`]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a query or JSON body would reach the
 * database and fail there as a 500. No field of the API has a use for it: refuse it up front.
 */
export const nulCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const path = findNulCharacter(request.query, 'querystring') ?? findNulCharacter(request.body, 'body');
    if (path === null) return;
    const message = 'must not contain NUL characters';
    throw new AppError('VALIDATION_FAILED', `Invalid request: ${path} ${message}`, [{ path, message }]);
  });
});
