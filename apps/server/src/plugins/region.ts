import { REGION_HEADER, type Region } from '@carpool/shared/regions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a slug names a region requests may be made in (live or archived), for the plumbing that reads one outside a request. */
    isServedRegion(slug: string): boolean;
  }
  interface FastifyRequest {
    /** The caller's region from the X-Region header (the default region when absent). */
    region: Region;
  }
}

/**
 * What the plugin asks of the regions module, handed over by app.ts (the plumbing imports no
 * module): the regions served now, in the picker's order, the first being the default.
 */
export interface RegionRules {
  /** The live and archived regions' slugs: a draft is not served yet. */
  servedRegions(): readonly string[];
  /** The region of a request that names none (the specification's cornell). */
  defaultRegion(): string;
}

/** "cornell or nj", "a, b or c". */
function listed(slugs: readonly string[]): string {
  return slugs.length <= 1 ? (slugs[0] ?? '') : `${slugs.slice(0, -1).join(', ')} or ${slugs[slugs.length - 1]}`;
}

/** Reads X-Region on every API call: missing means the default region, anything else must be a region served. */
export const regionPlugin = fp(async (app: FastifyInstance, rules: RegionRules) => {
  app.decorate('isServedRegion', (slug: string) => rules.servedRegions().includes(slug));
  app.decorateRequest('region', '');
  app.addHook('onRequest', async (request) => {
    const header = request.headers[REGION_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined || value === '') {
      request.region = rules.defaultRegion();
      return;
    }
    const normalised = value.trim().toLowerCase();
    const served = rules.servedRegions();
    if (!served.includes(normalised)) {
      throw new AppError('INVALID_REGION', `Unknown region "${value}": use ${listed(served)}`);
    }
    request.region = normalised;
  });
});
