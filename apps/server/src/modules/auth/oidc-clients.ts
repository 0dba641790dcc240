import type { Region } from '@carpool/shared/regions';
import type { FastifyBaseLogger } from 'fastify';
import type { Configuration } from 'openid-client';
import type { OidcProviderSettings } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

/** A provider's discovery document is read again after this long (its keys follow it: openid-client keeps them per configuration). */
const DISCOVERY_MAX_AGE_MS = 60 * 60_000;
/** After a failed discovery, the next request waits this long before asking again, so a provider that is down is not hammered. */
const FAILURE_COOLDOWN_MS = 5_000;
/** Each request to the provider (discovery, keys, token) gives up after this many seconds. */
const PROVIDER_TIMEOUT_SECONDS = 5;

/** The campus providers' configurations (discovery, keys), kept per region and process. */
export interface OidcClients {
  /** Throws OIDC_PROVIDER_UNAVAILABLE when the provider does not answer or answers nonsense. */
  configurationOf(region: Region, settings: OidcProviderSettings): Promise<Configuration>;
}

const providerUnavailable = (label: string) =>
  new AppError('OIDC_PROVIDER_UNAVAILABLE', `"${label}" is not answering right now. Please try again in a few minutes, or use another way to sign in.`);

/** openid-client and its protocol library load with the first campus sign-in, not at start. */
export const loadOpenIdClient = () => import('openid-client');

export function createOidcClients(options: { log: FastifyBaseLogger }): OidcClients {
  const cache = new Map<string, { at: number; configuration: Promise<Configuration> }>();
  const failedAt = new Map<string, number>();

  async function discover(settings: OidcProviderSettings): Promise<Configuration> {
    const client = await loadOpenIdClient();
    const insecure = new URL(settings.issuer).protocol === 'http:';
    const configuration = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      // The secret goes in the token request's Authorization header only (client_secret_basic);
      // without one the client is public and PKCE alone binds the code to this server.
      {},
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      // http only where the configuration allowed it (outside production: a test provider).
      { timeout: PROVIDER_TIMEOUT_SECONDS, execute: insecure ? [client.allowInsecureRequests] : [] },
    );
    // ID tokens are checked against the provider's published keys too, not only TLS.
    client.enableNonRepudiationChecks(configuration);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    return configuration;
  }

  return {
    async configurationOf(region, settings) {
      const key = `${region}|${settings.issuer}|${settings.clientId}`;
      const now = Date.now();
      const cached = cache.get(key);
      if (cached && now - cached.at < DISCOVERY_MAX_AGE_MS) return cached.configuration;
      if (now - (failedAt.get(key) ?? -Infinity) < FAILURE_COOLDOWN_MS) throw providerUnavailable(settings.label);
      const configuration = discover(settings);
      cache.set(key, { at: now, configuration });
      try {
        return await configuration;
      } catch (error) {
        cache.delete(key);
        failedAt.set(key, Date.now());
        options.log.warn({ err: error, region, issuer: settings.issuer }, 'campus sign-in provider discovery failed');
        throw providerUnavailable(settings.label);
      }
    },
  };
}

/**
 * What went wrong in a provider's answer: the provider is unreachable or failing (a 5xx, a
 * timeout, not JSON), the person or the provider said no (an error in the answer), or the answer
 * failed a check (issuer, audience, signature, expiry, nonce, a refused code).
 */
export function classifyProviderError(error: unknown): 'unavailable' | 'denied' | 'invalid' {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { name, code, status } = cause as { name?: string; code?: string; status?: number };
    if (name === 'AuthorizationResponseError') return 'denied';
    if (name === 'TimeoutError' || name === 'AbortError' || (cause instanceof TypeError && /fetch failed/i.test(cause.message))) return 'unavailable';
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') return 'unavailable';
    if (typeof status === 'number' && status >= 500) return 'unavailable';
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'unavailable';
  }
  return 'invalid';
}
