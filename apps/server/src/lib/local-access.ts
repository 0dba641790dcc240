import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/**
 * A request from this machine that no proxy relayed: its socket comes from a loopback address and
 * it carries no forwarding header. A proxy on this machine also connects from loopback, so the
 * header is what tells a relayed request (from anywhere) apart.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization: Bearer <token>` holds `token`; compares digests, so the time taken tells nothing. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match !== null && sameSecret(match[1]!, token);
}

/** Compares two secrets in time that does not depend on where they differ (or on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
