import { OIDC_SIGN_IN_TTL_MS, SIGN_IN_TEXTS } from '@carpool/shared/sign-in';
import { createHash } from 'node:crypto';
import {
  AdminSignInSettingsDto,
  EmailCodeRequestedDto,
  EmailCodeRequestInput,
  EmailCodeVerifyInput,
  OidcHandoffInput,
  OidcSignInDto,
  OidcStartQuery,
  SignInMethodsDto,
} from '@carpool/shared/schemas/auth';
import { SignedInUserDto } from '@carpool/shared/schemas/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { requestEmailCode, verifyEmailCode, type EmailCodeDeps } from './email-codes.service.js';
import { completeOidcSignIn, exchangeOidcHandoff, OIDC_CALLBACK_PATH, returnPage, startOidcSignIn, type OidcDeps } from './oidc.service.js';
import { adminSignInSettings, publicSignInMethods, signInSettingsOf } from './sign-in-settings.js';

/** The cookie that ties a campus sign-in to the browser that started it (against login CSRF). */
const BROWSER_COOKIE = 'carpool_oidc';
const COOKIE_PATH = '/api/auth/oidc';
const HOUR_MS = 3_600_000;

function browserSecretOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}

function setBrowserCookie(reply: FastifyReply, value: string, secure: boolean, maxAgeSeconds: number): void {
  reply.header('set-cookie', `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

/** A redirect: an empty body, and the document says where it goes (the Location header). */
const redirect = (description: string) => ({ description, content: { 'text/plain': { schema: z.string().max(0).meta({ description: 'Empty' }) } } });

/**
 * Sign-in by a code sent to a university address and by the campus's OpenID Connect provider, and
 * the list of a region's ways in (docs/decisions/sign-in-methods.md).
 */
export async function signInMethodsRoutes(app: FastifyInstance, options: { emailCodes: EmailCodeDeps; oidc: OidcDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const signInLimit = config.signInRateLimitPerMinute > 0 ? { max: config.signInRateLimitPerMinute, timeWindow: '1 minute' } : false;
  const wait = (seconds: number) => `Too many sign-in codes asked for. Please wait ${Math.ceil(seconds / 60)} min and try again.`;
  const codesPerAddress = app.windowLimit({ name: 'email-code-address', max: config.emailCodesPerAddressPerHour, windowMs: HOUR_MS, message: wait });
  const codesPerEmail = app.windowLimit({ name: 'email-code-email', max: config.emailCodesPerEmailPerHour, windowMs: HOUR_MS, message: wait });

  r.get(
    '/api/auth/methods',
    {
      schema: {
        operationId: 'getSignInMethods',
        tags: ['auth'],
        summary: "The region's ways in (X-Region): Google, a code by e-mail, the campus provider and its button's words",
        response: { 200: SignInMethodsDto },
      },
    },
    async (request) => publicSignInMethods(signInSettingsOf(config, request.region)),
  );

  r.get(
    '/api/admin/sign-in-settings',
    {
      schema: {
        operationId: 'getSignInSettings',
        errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: "Each region's ways in and campus provider (admins only): whether a client secret is set, never the secret",
        response: { 200: AdminSignInSettingsDto },
      },
      onRequest: app.requireAdmin,
    },
    async () => adminSignInSettings(config, [...app.deps.regions.snapshot().bySlug.keys()], options.oidc.regionDomains),
  );

  r.post(
    '/api/auth/email-code',
    {
      schema: {
        operationId: 'requestEmailCode',
        errors: ['SIGN_IN_METHOD_UNAVAILABLE'],
        tags: ['auth'],
        summary: "Send a 6-digit sign-in code to an address of the region's university domains; the same 202 whatever the address",
        body: EmailCodeRequestInput,
        response: { 202: EmailCodeRequestedDto },
      },
      preHandler: async (request) => {
        await codesPerAddress.take(request.ip);
        // Counted for every address asked for, allowed or not, so that a 429 says nothing about it.
        await codesPerEmail.take(createHash('sha256').update(request.body.email.trim().toLowerCase()).digest('base64url'));
      },
    },
    async (request, reply) => {
      await requestEmailCode(options.emailCodes, request.region, request.body);
      return reply.code(202).send({ message: SIGN_IN_TEXTS.codeRequested });
    },
  );

  r.post(
    '/api/auth/email-code/verify',
    {
      schema: {
        operationId: 'verifyEmailCode',
        errors: ['SIGN_IN_METHOD_UNAVAILABLE', 'EMAIL_CODE_WRONG', 'EMAIL_CODE_EXPIRED', 'EMAIL_CODE_USED', 'EMAIL_CODE_ATTEMPTS_EXCEEDED', 'INVALID_EMAIL_DOMAIN', 'ACCOUNT_SUSPENDED'],
        tags: ['auth'],
        summary: 'Exchange the e-mailed code for a session: the same answer as POST /api/auth/google',
        body: EmailCodeVerifyInput,
        response: { 200: SignedInUserDto },
      },
      config: { rateLimit: signInLimit },
    },
    async (request) => verifyEmailCode(options.emailCodes, request.region, request.body),
  );

  r.get(
    '/api/auth/oidc/start',
    {
      schema: {
        operationId: 'startOidcSignIn',
        errors: ['SIGN_IN_METHOD_UNAVAILABLE', 'INVALID_RETURN_PATH'],
        tags: ['auth'],
        summary: "Go to the region's campus provider (authorization code flow with PKCE); a browser navigation, not a fetch",
        querystring: OidcStartQuery,
        response: {
          302: redirect("To the provider's sign-in page, or to the app's return page with error=OIDC_PROVIDER_UNAVAILABLE when the provider does not answer"),
        },
      },
      config: { rateLimit: signInLimit },
    },
    async (request, reply) => {
      const { region, returnTo = '/' } = request.query;
      if (!app.isServedRegion(region)) throw new AppError('INVALID_REGION', `Unknown region "${region}"`);
      const redirectUri = `${(config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;
      try {
        const started = await startOidcSignIn(options.oidc, { region, returnTo, redirectUri });
        setBrowserCookie(reply, started.browserSecret, redirectUri.startsWith('https:'), Math.floor(OIDC_SIGN_IN_TTL_MS / 1000));
        return reply.redirect(started.location, 302);
      } catch (error) {
        // The person is in a browser: a provider that is down is said on the app's page.
        if (error instanceof AppError && error.code === 'OIDC_PROVIDER_UNAVAILABLE') {
          return reply.redirect(returnPage(region, { error: error.code }), 302);
        }
        throw error;
      }
    },
  );

  r.get(
    OIDC_CALLBACK_PATH,
    {
      schema: {
        operationId: 'completeOidcSignIn',
        tags: ['auth'],
        summary: "The campus provider's answer (its redirect URI): checked, then on to the app with a one-time code in the fragment",
        response: { 302: redirect("To the app's return page, with code=<one-time code> or error=<error code> in the fragment") },
      },
      // The query carries the provider's code and the state: the request's log line leaves it out.
      config: { rateLimit: signInLimit, logQuery: false },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const { location } = await completeOidcSignIn(options.oidc, { query, browserSecret: browserSecretOf(request) });
      return reply.redirect(location, 302);
    },
  );

  r.post(
    '/api/auth/oidc/exchange',
    {
      schema: {
        operationId: 'exchangeOidcCode',
        errors: ['OIDC_HANDOFF_INVALID', 'ACCOUNT_SUSPENDED'],
        tags: ['auth'],
        summary: "Exchange a campus sign-in's one-time code for a session, from the browser that signed in",
        body: OidcHandoffInput,
        response: { 200: OidcSignInDto },
      },
      config: { rateLimit: signInLimit },
    },
    async (request, reply) => {
      const signedIn = await exchangeOidcHandoff(options.oidc, { code: request.body.code, browserSecret: browserSecretOf(request) });
      setBrowserCookie(reply, '', request.protocol === 'https', 0);
      return signedIn;
    },
  );
}
