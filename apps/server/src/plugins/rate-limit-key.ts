import type { FastifyRequest } from 'fastify';

/**
 * What the global rate limit counts a request against: the signed-in user (their id, across their
 * sessions and addresses), else the client address. A campus network, eduroam or a dorm puts many
 * students behind one address; counting them by that address would let a few refuse the rest.
 * Authentication runs in a route's onRequest hooks, before the limiter's own (see app.ts), so
 * `request.auth` is known here; a request with a token that does not authenticate was already
 * answered 401.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
}
