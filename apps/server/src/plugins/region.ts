import { DEFAULT_REGION, REGION_HEADER, isRegion, type Region } from '@carpool/shared/regions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's region from the X-Region header (cornell when absent). */
    region: Region;
  }
}

/** Reads X-Region on every API call: missing means cornell, anything unknown is 400. */
export const regionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('region', DEFAULT_REGION);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[REGION_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined || value === '') {
      request.region = DEFAULT_REGION;
      return;
    }
    const normalised = value.trim().toLowerCase();
    if (!isRegion(normalised)) {
      throw new AppError('INVALID_REGION', `Unknown region "${value}": use cornell or nj`);
    }
    request.region = normalised;
  });
});
