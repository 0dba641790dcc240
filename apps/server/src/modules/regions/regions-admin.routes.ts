import {
  AdminRegionDto,
  AdminRegionListDto,
  CreateRegionInput,
  PlacesImportInput,
  RegionCollegesInput,
  RegionModeratorsInput,
  RegionSlugParams,
  UpdateRegionInput,
} from '@carpool/shared/schemas/regions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import {
  archiveRegion,
  createRegion,
  getRegionForAdmin,
  importRegionPlaces,
  listRegionsForAdmin,
  publishRegion,
  setRegionColleges,
  setRegionModerators,
  updateRegion,
} from './regions-admin.service.js';

const ArchiveInput = z.object({ reason: z.string().trim().max(500).default('') });

/** The console's regions (docs/decisions/regions-as-data.md): platform administrators (ADMIN_EMAILS) only. */
export async function regionsAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: app.requireAdmin };
  const deps = () => ({ db: app.deps.db, clock: app.deps.clock, regions: app.deps.regions });
  const actor = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const tags = ['admin'];

  r.get(
    '/api/admin/regions',
    { schema: { operationId: 'listRegionsForAdmin', errors: ['FORBIDDEN'], tags, summary: 'Every region, drafts and archived ones too, with its domains, colleges, moderators and colour contrast', response: { 200: AdminRegionListDto } }, ...adminOnly },
    async () => listRegionsForAdmin(deps()),
  );

  r.post(
    '/api/admin/regions',
    {
      schema: {
        operationId: 'createRegion',
        errors: ['FORBIDDEN', 'VALIDATION_FAILED', 'CONTRAST_TOO_LOW', 'CONFLICT'],
        tags,
        summary: 'Creates a region as a draft: nobody sees it until it has places and is published',
        body: CreateRegionInput,
        response: { 201: AdminRegionDto },
      },
      ...adminOnly,
    },
    async (request, reply) => reply.code(201).send(await createRegion(deps(), actor(request), request.body)),
  );

  r.get(
    '/api/admin/regions/:slug',
    { schema: { operationId: 'getRegionForAdmin', errors: ['FORBIDDEN', 'NOT_FOUND'], tags, summary: 'One region, in any status, as the console edits it', params: RegionSlugParams, response: { 200: AdminRegionDto } }, ...adminOnly },
    async (request) => getRegionForAdmin(deps(), request.params.slug),
  );

  r.patch(
    '/api/admin/regions/:slug',
    {
      schema: {
        operationId: 'updateRegion',
        errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONTRAST_TOO_LOW'],
        tags,
        summary: "Changes a region's name, wording, colours, time zone, map, e-mail domains or place in the picker; every process serves the change within a second",
        params: RegionSlugParams,
        body: UpdateRegionInput,
        response: { 200: AdminRegionDto },
      },
      ...adminOnly,
    },
    async (request) => updateRegion(deps(), actor(request), request.params.slug, request.body),
  );

  r.put(
    '/api/admin/regions/:slug/places',
    {
      schema: {
        operationId: 'importRegionPlaces',
        errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'PLACES_INVALID', 'PLACE_IN_USE'],
        tags,
        summary:
          "Replaces the region's places from a CSV (slug,label,lat,lng) or GeoJSON points; a file with any bad row is refused whole, each bad row named in details.problems",
        params: RegionSlugParams,
        body: PlacesImportInput,
        response: { 200: AdminRegionDto },
      },
      ...adminOnly,
    },
    async (request) => importRegionPlaces(deps(), actor(request), request.params.slug, request.body),
  );

  r.put(
    '/api/admin/regions/:slug/colleges',
    {
      schema: { operationId: 'setRegionColleges', errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'CONFLICT'], tags, summary: "Replaces the region's colleges (the school badge and the search's college filter)", params: RegionSlugParams, body: RegionCollegesInput, response: { 200: AdminRegionDto } },
      ...adminOnly,
    },
    async (request) => setRegionColleges(deps(), actor(request), request.params.slug, request.body),
  );

  r.put(
    '/api/admin/regions/:slug/moderators',
    {
      schema: { operationId: 'setRegionModerators', errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'], tags, summary: "Replaces the region's moderators (by e-mail address)", params: RegionSlugParams, body: RegionModeratorsInput, response: { 200: AdminRegionDto } },
      ...adminOnly,
    },
    async (request) => setRegionModerators(deps(), actor(request), request.params.slug, request.body),
  );

  r.post(
    '/api/admin/regions/:slug/publish',
    {
      schema: { operationId: 'publishRegion', errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'], tags, summary: 'Opens a draft (with its places) to everyone', params: RegionSlugParams, response: { 200: AdminRegionDto } },
      ...adminOnly,
    },
    async (request) => publishRegion(deps(), actor(request), request.params.slug),
  );

  r.post(
    '/api/admin/regions/:slug/archive',
    {
      schema: {
        operationId: 'archiveRegion',
        errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
        tags,
        summary: 'Closes a region to new rides and requests; its people keep reading and exporting what they have',
        params: RegionSlugParams,
        body: ArchiveInput,
        response: { 200: AdminRegionDto },
      },
      ...adminOnly,
    },
    async (request) => archiveRegion(deps(), actor(request), request.params.slug, request.body.reason),
  );
}
