import { REQUEST_TIMEOUT_MS, WINDOW_EVENTS } from '@carpool/shared/constants';
import type { ErrorCode } from '@carpool/shared/errors';
import { REGION_HEADER, type Region } from '@carpool/shared/regions';
import { TEXTS } from '@carpool/shared/texts';
import type { ZodType } from 'zod';
import { browser } from './browser';
import { requestsHeld } from './first-paint';
import { importWithReload } from './lazy-with-reload';
import { getActiveRegion } from './region';
import { clearSession, getToken } from './storage';
import { dispatchWindowEvent } from './window-events';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** Empty and undefined values are left out; arrays become repeated parameters. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /**
   * Parses the answer; without it the JSON is returned as is. A function loads the schema (and
   * zod) on demand, while the request runs: calls a first paint makes pass one, so that zod stays
   * out of the first bundle (docs/decisions/web-code-splitting.md).
   */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  /** Defaults to the region of the current page. */
  region?: Region;
  /** Overrides the stored token of the region (null sends none). */
  token?: string | null;
  /** false for calls whose 401 must not end the session (sign-out of another region). */
  expireSessionOnUnauthorized?: boolean;
  signal?: AbortSignal;
}

/**
 * The code of a failed call: one of the server's (the shared catalogue), or the client's own for a
 * call that got no answer in time (TIMEOUT), none at all (NETWORK_ERROR), or a refusal whose code
 * is not known (HTTP_ERROR: a proxy's page, a download's refusal). Comparing with a code outside
 * this union is a type error.
 */
export type ApiErrorCode = ErrorCode | 'TIMEOUT' | 'NETWORK_ERROR' | 'HTTP_ERROR';

/** Any failed call: the HTTP status (0 without an answer), the server's code and message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server (database unreachable, draining) or a proxy in front of it (no server up): it passes. */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

function errorFrom(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  // The server answers with codes of the shared catalogue only (ErrorBody); checking each against
  // the catalogue here would put the whole of it in the first bundle.
  const serverCode = typeof fields.code === 'string' ? (fields.code as ErrorCode) : null;
  if (UNAVAILABLE_STATUSES.has(status)) {
    // A proxy's answer has an HTML body; either way the user is told the same thing.
    return new ApiError(TEXTS.serviceUnavailable, status, serverCode ?? 'SERVICE_UNAVAILABLE');
  }
  const message =
    (typeof fields.error === 'string' && fields.error) ||
    (typeof fields.message === 'string' && fields.message) ||
    `Request failed with status ${status}`;
  return new ApiError(message, status, serverCode ?? 'HTTP_ERROR', fields.details);
}

/**
 * Spec sections 4 and 8: a 401 to a call that carried a token ends the region's session at once;
 * telling the page and starting over (lib/session-expiry.ts, loaded only then) follow.
 */
function expireSession(region: Region, error: ApiError): void {
  clearSession(region);
  import('./session-expiry').then(
    (module) => module.announceExpiry(region, error),
    // Its code could not be fetched (a deployment in between): start over all the same.
    () => browser.reloadAt(`/${region}`),
  );
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const held = requestsHeld();
  if (held) {
    await held;
    // A caller that gave up meanwhile gets what an aborted fetch gives.
    options.signal?.throwIfAborted();
  }
  const region = options.region ?? getActiveRegion();
  const token = options.token === undefined ? getToken(region) : options.token;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;

  // Without a region known yet (no prefix, none stored, no regions stylesheet), the server's default applies.
  const headers: Record<string, string> = { Accept: 'application/json', ...(region ? { [REGION_HEADER]: region } : {}) };
  // Fastify answers 400 to an empty body declared as JSON, so bodyless calls declare none.
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const schemaLoad = typeof options.schema === 'function' ? options.schema() : undefined;
  // Read only once the answer is in; until then a failure to load must not go unhandled.
  let schemaLoaded = false;
  schemaLoad?.then(
    () => (schemaLoaded = true),
    () => undefined,
  );

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) {
      console.error(TEXTS.requestTimedOut, path);
      throw new ApiError(TEXTS.requestTimedOut, 0, 'TIMEOUT');
    }
    if (controller.signal.aborted) throw error;
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0, 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const error = errorFrom(response.status, body);
    if (response.status === 401 && token && options.expireSessionOnUnauthorized !== false) {
      expireSession(region, error);
    }
    if (UNAVAILABLE_STATUSES.has(response.status)) dispatchWindowEvent(WINDOW_EVENTS.serviceUnavailable, undefined);
    throw error;
  }
  if (!options.schema) return body as T;
  if (!schemaLoad) return (options.schema as ZodType<T>).parse(body);
  const loadedBeforeTheAnswer = schemaLoaded;
  const schema = await importWithReload(() => schemaLoad);
  // A schema module that arrives after the answer is evaluated (zod with it, the first time) in
  // this task: the parse then goes to the next one, so that the two are not one long task.
  if (!loadedBeforeTheAnswer) await nextTask();
  return schema.parse(body);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands; every feature's fetchers go through these. */
export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
