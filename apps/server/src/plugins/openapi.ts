import { ERROR_STATUS, type ErrorCode } from '@carpool/shared/errors';
import { ErrorBodySchema } from '@carpool/shared/schemas/common';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { NoRequestLinesLogController } from '../lib/logger.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The error codes this route answers on its own (its service's refusals), beyond those every
     * route can answer (validation, region, sign-in, rate limits, server errors), which the
     * contract adds by itself. Each is documented under its status from ERROR_STATUS.
     */
    errors?: readonly ErrorCode[];
    /**
     * The form of a multipart/form-data route, for the document only: such a route reads its
     * parts as they stream in (readMultipartForm), so Fastify must not validate a body.
     */
    multipartBody?: z.ZodType;
  }
  interface FastifyInstance {
    /** Every route registered so far (HEAD twins of GET routes and the docs pages aside), for the contract test. */
    apiRoutes: readonly ApiRoute[];
  }
}

export type AuthKind = 'required' | 'optional' | 'none';

export interface ApiRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  auth: AuthKind;
  /** Whether the route validates a body, a query string or path parameters of its own. */
  validatesInput: boolean;
  /** False when the route opted out of rate limiting (health checks). */
  rateLimited: boolean;
}

/** The swagger UI's own pages and assets: served by the docs plugin, not part of the API. */
const DOCS_ROUTE_PREFIX = '/api/docs';

const TAGS: OpenAPIV3_1.TagObject[] = [
  { name: 'auth', description: 'Sign-in with an ID token, the session behind the bearer token, public client configuration' },
  { name: 'dev', description: 'The development identity provider (only when AUTH_MODE=dev): mint ID tokens for any address' },
  { name: 'health', description: 'Liveness and dependency checks for load balancers and monitors' },
  { name: 'users', description: 'Profiles, avatars, e-mail addresses and received reviews' },
  { name: 'regions', description: 'The college communities the app serves: their wording, colours, places and colleges' },
  { name: 'rides', description: 'Posting, searching and cancelling rides' },
  { name: 'bookings', description: 'Booking seats on rides, and the driver accepting or rejecting them' },
  { name: 'waitlist', description: "Waiting for seats on a full ride; the first who fit are booked when seats free up" },
  { name: 'ride-requests', description: 'Passengers asking for a ride that nobody offers yet' },
  { name: 'messages', description: 'Ride chats and direct conversations' },
  { name: 'notifications', description: "The caller's notifications: in-app, the channels that leave the app, unsubscribe links and the calendar feed" },
  { name: 'files', description: 'Stored files: public avatars and private verification documents' },
  { name: 'reviews', description: 'Reviews between drivers and passengers of completed bookings' },
  { name: 'verification', description: 'Applying to become a verified driver' },
  { name: 'admin', description: 'Administrators only: driver verifications, reports, suspensions, regions and the audit log' },
  { name: 'reports', description: 'Reporting a person, a ride, a ride request or a message to the administrators' },
  { name: 'push', description: 'Web push: the server key and the browsers subscribed for the caller' },
  { name: 'subscriptions', description: 'The newsletter of a region' },
  { name: 'feedback', description: 'Feedback about the service' },
  { name: 'payouts', description: 'Driver payouts (payments are disabled)' },
  { name: 'test', description: 'Test servers only (TEST_CLOCK=1): move the clock and run the periodic job' },
];

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid',
  401: 'No valid session: sign in again',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'The request conflicts with the current state',
  413: 'The request body is too large',
  415: 'The content type is not accepted',
  429: 'Too many requests: retry later',
  500: 'An unexpected error on the server',
  503: 'The service is shutting down or a dependency is unreachable',
};

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function authOf(app: FastifyInstance, route: RouteOptions): AuthKind {
  const hooks = [route.onRequest ?? []].flat();
  if (app.hasDecorator('requireAuth') && hooks.includes(app.requireAuth)) return 'required';
  if (app.hasDecorator('requireAdmin') && hooks.includes(app.requireAdmin)) return 'required';
  if (app.hasDecorator('requireConsole') && hooks.includes(app.requireConsole)) return 'required';
  if (app.hasDecorator('optionalAuth') && hooks.includes(app.optionalAuth)) return 'optional';
  return 'none';
}

/** The codes an operation can answer without saying so itself, from how it is registered. */
function commonErrorCodes(route: ApiRoute): ErrorCode[] {
  // X-Region is read on every request, so every operation can answer INVALID_REGION.
  const codes: ErrorCode[] = ['INVALID_REGION'];
  if (route.validatesInput) codes.push('VALIDATION_FAILED');
  if (route.schema?.body || route.schema?.multipartBody) {
    // A body that is not JSON, too large, or of another content type.
    codes.push('BAD_REQUEST', 'FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE');
  }
  // A bad token is refused even where signing in is optional.
  if (route.auth !== 'none') codes.push('UNAUTHORIZED', 'TOKEN_EXPIRED');
  if (route.rateLimited) codes.push('RATE_LIMITED');
  codes.push('INTERNAL_ERROR', 'SERVICE_UNAVAILABLE');
  return codes;
}

/** One error schema for every error answer; each response narrows `code` to what it can carry. */
function errorResponse(status: number, codes: ErrorCode[]): OpenAPIV3_1.ResponseObject {
  return {
    description: `${STATUS_DESCRIPTIONS[status] ?? 'Error'} (${codes.join(', ')})`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorBody' },
            { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

function addContract(document: OpenAPIV3_1.Document, routes: Map<string, ApiRoute>): OpenAPIV3_1.Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const) {
      const operation = item?.[method];
      const route = routes.get(`${method.toUpperCase()} ${path}`);
      if (!operation || !route) continue;
      operation.security = route.auth === 'required' ? [{ bearer: [] }] : route.auth === 'optional' ? [{}, { bearer: [] }] : [];
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of new Set([...commonErrorCodes(route), ...(route.schema?.errors ?? [])])) {
        const status = ERROR_STATUS[code];
        byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
      }
      const responses: OpenAPIV3_1.ResponsesObject = (operation.responses ??= {});
      for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
        responses[String(status)] = errorResponse(status, codes);
      }
    }
  }
  const errorBody = z.toJSONSchema(ErrorBodySchema, { target: 'draft-2020-12', io: 'output' }) as OpenAPIV3_1.SchemaObject;
  delete (errorBody as { $schema?: string }).$schema;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorBody: errorBody } };
  return document;
}

/**
 * The OpenAPI document at /api/docs/json, and the contract every route follows: what each route
 * declares (operationId, schemas, its own error codes) plus what follows from how it is registered
 * (bearer security from its auth hook, the errors every route can answer), added here in one place.
 *
 * The document and the browsable page are made on the first request under /api/docs, not at
 * start: Swagger's packages took about 60 ms of a 1 s restart (bench/README.md, "tenth look").
 * This plugin keeps what every route registered; the first docs request builds a Fastify instance
 * of its own with those routes (their schemas, no handlers) and Swagger, and every docs request is
 * answered by it.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string | null }) => {
  const routes: ApiRoute[] = [];
  const byOperation = new Map<string, ApiRoute>();
  const registered: RouteOptions[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_ROUTE_PREFIX || route.url.startsWith(`${DOCS_ROUTE_PREFIX}/`)) return;
    registered.push(route);
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET route; it is the same operation.
      if (method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      const schema = route.schema;
      const apiRoute: ApiRoute = {
        method,
        url: route.url,
        schema,
        auth: authOf(app, route),
        validatesInput: Boolean(schema?.body || schema?.querystring || schema?.params),
        rateLimited: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false,
      };
      routes.push(apiRoute);
      byOperation.set(`${method} ${toOpenApiPath(route.url)}`, apiRoute);
    }
  });

  let docs: Promise<FastifyInstance> | null = null;
  const docsApp = () => {
    if (docs) return docs;
    const building = buildDocsApp(registered, byOperation, options.publicUrl, app.log.child({ plugin: 'docs' }));
    docs = building;
    // A failure is not kept: the next request tries again.
    building.catch(() => {
      if (docs === building) docs = null;
    });
    return building;
  };
  app.addHook('onClose', async () => {
    const built = await docs?.catch(() => null);
    await built?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // Asked as GET even for a HEAD: this route's HEAD twin drops the body and keeps its length.
    const answer = await (await docsApp()).inject({
      method: 'GET',
      url: request.url,
      headers: pickHeaders(request.headers, FORWARDED_REQUEST_HEADERS),
    });
    // A file the docs do not have is answered as every unknown path is.
    if (answer.statusCode === 404) return reply.callNotFound();
    reply.code(answer.statusCode).headers(pickHeaders(answer.headers, FORWARDED_ANSWER_HEADERS));
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  };
  // Not part of the API: the hook above leaves them out of `apiRoutes`, and they declare no schema.
  app.get(DOCS_ROUTE_PREFIX, forward);
  app.get(`${DOCS_ROUTE_PREFIX}/*`, forward);
});

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range'];
const FORWARDED_ANSWER_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'etag', 'last-modified', 'location', 'vary', 'accept-ranges', 'content-range'];

function pickHeaders(headers: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
    else if (typeof value === 'number') picked[name] = String(value);
  }
  return picked;
}

/** The docs' own Fastify instance: every route of the app, by its schema, and Swagger over them. */
async function buildDocsApp(
  registered: readonly RouteOptions[],
  byOperation: Map<string, ApiRoute>,
  publicUrl: string | null,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  // Fastify itself is loaded with the app; only Swagger's packages wait for this.
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  // Its errors (a schema the document cannot express) are logged as the app's are.
  const docs = Fastify({ loggerInstance: log, logController: new NoRequestLinesLogController() });
  // The routes here only describe themselves: nothing is validated or serialized through them.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Carpool API',
        version: '1.0.0',
        description:
          'Rides, bookings, ride requests, messages and reviews between students of the same region. ' +
          'Send X-Region (cornell or nj) on every call and a bearer token from POST /api/auth/google on protected ones.',
        // No licence is granted: an SPDX custom reference says so (OpenAPI 3.1 `identifier`).
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicUrl ?? '/', description: publicUrl ? 'This deployment' : 'The server that serves this document' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/auth/google' } } },
    },
    transform: ({ schema, url, ...rest }) => {
      if (!schema) return jsonSchemaTransform({ schema, url, ...rest });
      const { errors: _errors, multipartBody, ...declared } = schema;
      const documented = multipartBody ? { ...declared, body: multipartBody, consumes: ['multipart/form-data'] } : declared;
      return jsonSchemaTransform({ schema: documented, url, ...rest });
    },
    transformObject: (documents) => addContract(('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as OpenAPIV3_1.Document, byOperation),
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_ROUTE_PREFIX });
  await docs.register(async (scope) => {
    for (const route of registered) {
      // Fastify adds the HEAD twins of GET routes again by itself.
      if (route.method === 'HEAD') continue;
      const { method, url, schema, config, constraints, links } = route as RouteOptions & { links?: unknown };
      scope.route({ method, url, schema, config, constraints, ...(links ? { links } : {}), handler: describeOnly });
    }
  });
  await docs.ready();
  return docs;
}

async function describeOnly(): Promise<never> {
  throw new Error('a route of the docs instance only describes itself');
}
