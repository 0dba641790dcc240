import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema.js';
import { sameSecret } from '../lib/local-access.js';
import { AppError, forbidden } from '../lib/app-error.js';

/**
 * The signed-in caller of a request. Declared here, where every route reads it, and produced by the
 * auth module's authenticator, which app.ts hands to this plugin: the plugin imports no module.
 */
export interface AuthContext {
  user: typeof users.$inferSelect;
  sessionId: string;
  sessionExpiresAt: Date;
  isAdmin: boolean;
  /** The regions whose part of the console this user moderates (region_moderators, held in memory): none for most people. */
  moderatedRegions: readonly string[];
}

/**
 * Whose part of the console a caller sees: all of it (platform administrators, the admin command),
 * or the regions they moderate (docs/decisions/region-moderators.md).
 */
export type ConsoleScope = { readonly all: true } | { readonly all: false; readonly regions: readonly string[] };

const WHOLE_PLATFORM: ConsoleScope = { all: true };

export interface AuthPluginOptions {
  /** Resolves a bearer token to its session, or rejects with UNAUTHORIZED or TOKEN_EXPIRED (the auth module's). */
  authenticate: (token: string) => Promise<AuthContext>;
  /** The admin command's machine credential, accepted on /api/admin/* (lib/admin-credential.ts). */
  machineCredential?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid session is required (401 otherwise). */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: reads the session when a token is sent; a bad token is still a 401. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of /api/admin/* routes: an administrator's session (401 without a session,
     * 403 for others), or the admin command's machine credential (request.auth stays null).
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of the console's routes that a region moderator may use too (reports,
     * verification, users): what requireAdmin lets in, and a moderator's session. The route's
     * service narrows what it answers to consoleScopeOf(request).
     */
    requireConsole: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The signed-in caller of a route that ran requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'You are not signed in');
  return request.auth;
}

/** The scope of a caller that requireConsole let in: a null auth is the admin command's credential. */
export function consoleScopeOf(request: FastifyRequest): ConsoleScope {
  const auth = request.auth;
  if (!auth || auth.isAdmin) return WHOLE_PLATFORM;
  return { all: false, regions: auth.moderatedRegions };
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const machineCredential = options.machineCredential ?? null;

  app.decorateRequest('auth', null);

  async function resolve(request: FastifyRequest, required: boolean) {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (required) throw new AppError('UNAUTHORIZED', 'You are not signed in');
      return;
    }
    request.auth = await options.authenticate(token);
  }

  app.decorate('requireAuth', (request: FastifyRequest) => resolve(request, true));
  app.decorate('optionalAuth', (request: FastifyRequest) => resolve(request, false));
  const isMachine = (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    return machineCredential !== null && token !== null && request.url.startsWith('/api/admin/') && sameSecret(token, machineCredential);
  };
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (isMachine(request)) return;
    await resolve(request, true);
    if (!request.auth?.isAdmin) throw forbidden('Only administrators can do this');
  });
  app.decorate('requireConsole', async (request: FastifyRequest) => {
    if (isMachine(request)) return;
    await resolve(request, true);
    if (!request.auth?.isAdmin && !request.auth?.moderatedRegions.length) throw forbidden('Only administrators and region moderators can do this');
  });
});
