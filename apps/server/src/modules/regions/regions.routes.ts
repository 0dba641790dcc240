import { RegionDetailDto, RegionListDto, RegionSlugParams } from '@carpool/shared/schemas/regions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { matchesEntityTag } from '../../lib/entity-tags.js';
import type { RegionSnapshot } from './region-registry.js';
import { buildRegionStylesheet, type RegionStylesheet } from './region-stylesheet.js';
import type { RegionDirectory } from './regions.service.js';

const RegionListQuery = z.object({ include: z.enum(['archived']).optional() });

const NotModified = z.null().meta({ description: 'Not modified: the copy named by If-None-Match is current' });

/**
 * Region data is public and changes rarely: every answer carries a strong ETag, and a browser
 * that sends it back gets 304 with no body. `no-cache`: it asks each time, so a change is seen at once.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag).header('cache-control', 'public, no-cache');
  return matchesEntityTag(request.headers['if-none-match'], etag);
}

export async function regionsRoutes(app: FastifyInstance, options: { directory: RegionDirectory }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { directory } = options;

  r.get(
    '/api/regions',
    {
      schema: {
        operationId: 'listRegions',
        tags: ['regions'],
        summary: 'The live regions (college communities): name, wording, colours, time zone and map centre, in the order of the region picker; with include=archived, the archived ones too (their pages stay readable)',
        querystring: RegionListQuery,
        response: { 200: RegionListDto, 304: NotModified },
      },
    },
    async (request, reply) => {
      const snapshot = directory.snapshot();
      const archivedToo = request.query.include === 'archived';
      // No body at all, not even the schema's `null`: a 304 carries none (RFC 9110, 15.4.5).
      if (notModified(request, reply, archivedToo ? snapshot.servedEtag : snapshot.liveEtag)) return reply.status(304).send(undefined as unknown as null);
      return archivedToo ? snapshot.servedSummaries : snapshot.live;
    },
  );

  // Built once per snapshot of the directory, on the first request after a change.
  const stylesheets = new WeakMap<RegionSnapshot, RegionStylesheet>();
  r.get(
    '/api/regions.css',
    {
      schema: {
        operationId: 'getRegionStylesheet',
        tags: ['regions'],
        summary: "The served regions' colours and names as CSS variables under [data-region], the default region's on :root too: what the web app's first paint reads",
        response: { 200: z.string().meta({ description: 'text/css' }), 304: NotModified },
      },
    },
    async (request, reply) => {
      const snapshot = directory.snapshot();
      let sheet = stylesheets.get(snapshot);
      if (!sheet) {
        sheet = buildRegionStylesheet(snapshot);
        stylesheets.set(snapshot, sheet);
      }
      if (notModified(request, reply, sheet.etag)) return reply.status(304).send(undefined as unknown as null);
      return reply.type('text/css; charset=utf-8').send(sheet.css);
    },
  );

  r.get(
    '/api/regions/:slug',
    {
      schema: {
        operationId: 'getRegion',
        tags: ['regions'],
        summary: 'One live or archived region with its places (in the order of its lists) and colleges; 404 for an unknown or draft one',
        params: RegionSlugParams,
        response: { 200: RegionDetailDto, 304: NotModified },
      },
    },
    async (request, reply) => {
      const entry = directory.find(request.params.slug.toLowerCase());
      if (!entry || entry.summary.status === 'draft') throw new AppError('NOT_FOUND', `No region "${request.params.slug}"`);
      if (notModified(request, reply, entry.detailEtag)) return reply.status(304).send(undefined as unknown as null);
      return entry.detail;
    },
  );
}
