import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/** The security headers' settings: the content security policy, HSTS in production, and the rest of helmet's defaults. */
export function securityHeaderOptions(config: Pick<Config, 'geocoderUrl' | 'nodeEnv'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google's sign-in script; Google Maps is not loaded (docs/decisions/places-autocomplete.md).
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          'https://accounts.google.com',
          // Address suggestions come straight from the configured geocoder.
          ...(config.geocoderUrl ? [new URL(config.geocoderUrl).origin] : []),
        ],
        frameSrc: ['https://accounts.google.com'],
        fontSrc: ["'self'", 'data:'],
        // The installable app: its service worker (sw.js) and web app manifest, both from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The Google sign-in popup talks back to the opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.nodeEnv === 'production',
  };
}

/**
 * The headers helmet sets for these options, worked out once: none of them depends on the
 * request (no CSP nonce), so each response gets a copy of the same list instead of helmet
 * building its middleware again on every request (docs/decisions/security-headers.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Sends the security headers with every answer: the API, the web app, errors and not-found alike. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { helmet: HelmetOptions }) => {
  const headers = computeSecurityHeaders(options.helmet);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
