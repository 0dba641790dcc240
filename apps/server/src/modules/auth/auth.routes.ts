import { AuthConfigDto, DevIdTokenDto, DevJwksDto, DevIdTokenInput, GoogleSignInInput, VerifyTokenDto } from '@carpool/shared/schemas/auth';
import { SignedInUserDto } from '@carpool/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import type { DevIdentityProvider } from './dev-idp.js';
import { sessionUserOf, signInWithIdToken, signOut, type AuthDeps } from './auth.service.js';

export async function authRoutes(
  app: FastifyInstance,
  options: { authDeps: AuthDeps; devIdp: DevIdentityProvider | null },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;

  r.post(
    '/api/auth/google',
    {
      schema: {
        operationId: 'signInWithIdToken',
        errors: ['INVALID_TOKEN', 'INVALID_EMAIL_DOMAIN', 'SIGN_IN_METHOD_UNAVAILABLE', 'ACCOUNT_SUSPENDED'],
        tags: ['auth'],
        summary: 'Exchange an ID token (Google, or the development provider) for a session',
        body: GoogleSignInInput,
        response: { 200: SignedInUserDto },
      },
      config: {
        rateLimit: config.signInRateLimitPerMinute > 0 ? { max: config.signInRateLimitPerMinute, timeWindow: '1 minute' } : false,
      },
    },
    async (request) => signInWithIdToken(options.authDeps, request.region, request.body.tokenId),
  );

  r.get(
    '/api/auth/verify-token',
    {
      schema: { operationId: 'verifyToken', tags: ['auth'], summary: 'Check the bearer token', response: { 200: VerifyTokenDto } },
      onRequest: app.requireAuth,
    },
    async (request) => ({ valid: true as const, user: sessionUserOf(authOf(request)) }),
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { operationId: 'signOut', tags: ['auth'], summary: 'Revoke the bearer token', response: { 200: z.object({ ok: z.literal(true) }) } },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const { sessionId } = authOf(request);
      await signOut(app.deps.db, sessionId);
      app.deps.events.publish('session-ended', { sessionId });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/config',
    { schema: { operationId: 'getClientConfig', tags: ['auth'], summary: 'Public client configuration', response: { 200: AuthConfigDto } } },
    async () => ({
      mode: config.authMode,
      googleClientId: config.googleClientId,
      googleMapsApiKey: config.googleMapsApiKey,
      mapTileUrl: config.mapTileUrl,
      geocoderUrl: config.geocoderUrl,
      devSignInExposed: config.devSignInExposed,
    }),
  );

  const devIdp = options.devIdp;
  if (!devIdp) return;

  r.get(
    '/dev-idp/.well-known/jwks.json',
    {
      schema: {
        operationId: 'getDevJwks',
        tags: ['dev'],
        summary: 'Development sign-in: the public keys that verify the ID tokens of /api/dev/id-token',
        response: { 200: DevJwksDto },
      },
    },
    async () => devIdp.jwks,
  );

  r.post(
    '/api/dev/id-token',
    {
      schema: {
        operationId: 'mintDevIdToken',
        tags: ['dev'],
        summary: 'Development sign-in: mint an ID token for any e-mail (absent in google mode)',
        body: DevIdTokenInput,
        response: { 200: DevIdTokenDto },
      },
    },
    async (request) => ({ tokenId: await devIdp.mint(request.body) }),
  );
}
