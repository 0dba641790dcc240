import {
  AdminRegionDto,
  AdminRegionListDto,
  type AdminRegion,
  type CreateRegionInput,
  type PlacesImportInput,
  type RegionCollegesInput,
  type RegionModeratorsInput,
  type UpdateRegionInput,
} from '@carpool/shared/schemas/regions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-api';

/** The console's regions (docs/decisions/regions-as-data.md): platform administrators only, the server checks. */
const REGIONS_KEY = [...ADMIN_KEY, 'regions'] as const;

/** GET /api/admin/regions: every region, drafts and archived ones too. */
function fetchAdminRegions(): Promise<AdminRegion[]> {
  return api.get('/api/admin/regions', { schema: AdminRegionListDto });
}

const adminRegionsQueryOptions = () => queryOptions({ queryKey: REGIONS_KEY, queryFn: fetchAdminRegions });

export function useAdminRegions() {
  return useQuery(adminRegionsQueryOptions());
}

const regionPath = (slug: string) => `/api/admin/regions/${encodeURIComponent(slug)}`;

/** POST /api/admin/regions: a new region, as a draft. */
function createRegion(input: CreateRegionInput): Promise<AdminRegion> {
  return api.post('/api/admin/regions', input, { schema: AdminRegionDto });
}

/** PATCH /api/admin/regions/{slug}: the fields that changed. */
function updateRegion({ slug, changes }: { slug: string; changes: UpdateRegionInput }): Promise<AdminRegion> {
  return api.patch(regionPath(slug), changes, { schema: AdminRegionDto });
}

/** PUT /api/admin/regions/{slug}/places: the places, replaced whole from a file's text; refused whole (PLACES_INVALID) naming each bad row. */
function importRegionPlaces({ slug, file }: { slug: string; file: PlacesImportInput }): Promise<AdminRegion> {
  return api.put(`${regionPath(slug)}/places`, file, { schema: AdminRegionDto });
}

function setRegionColleges({ slug, colleges }: { slug: string; colleges: z.output<typeof RegionCollegesInput> }): Promise<AdminRegion> {
  return api.put(`${regionPath(slug)}/colleges`, colleges, { schema: AdminRegionDto });
}

function setRegionModerators({ slug, moderators }: { slug: string; moderators: z.output<typeof RegionModeratorsInput> }): Promise<AdminRegion> {
  return api.put(`${regionPath(slug)}/moderators`, moderators, { schema: AdminRegionDto });
}

function publishRegion({ slug }: { slug: string }): Promise<AdminRegion> {
  return api.post(`${regionPath(slug)}/publish`, undefined, { schema: AdminRegionDto });
}

function archiveRegion({ slug, reason }: { slug: string; reason: string }): Promise<AdminRegion> {
  return api.post(`${regionPath(slug)}/archive`, { reason }, { schema: AdminRegionDto });
}

/**
 * Every change answers the region as every process now serves it: it takes its place in the list
 * at once, and the console's other lists (the audit log) are read again.
 */
function useRegionMutation<V>(run: (variables: V) => Promise<AdminRegion>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (region) => {
      client.setQueryData<AdminRegion[]>(REGIONS_KEY, (regions = []) =>
        regions.some((each) => each.slug === region.slug) ? regions.map((each) => (each.slug === region.slug ? region : each)) : [...regions, region],
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export const useCreateRegion = () => useRegionMutation(createRegion);
export const useUpdateRegion = () => useRegionMutation(updateRegion);
export const useImportRegionPlaces = () => useRegionMutation(importRegionPlaces);
export const useSetRegionColleges = () => useRegionMutation(setRegionColleges);
export const useSetRegionModerators = () => useRegionMutation(setRegionModerators);
export const usePublishRegion = () => useRegionMutation(publishRegion);
export const useArchiveRegion = () => useRegionMutation(archiveRegion);
