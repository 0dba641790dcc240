import type { AdminSignInSettings } from '@carpool/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importAuthSchemas } from '../../../lib/schema-modules';
import { ADMIN_KEY } from './admin-api';

/** GET /api/admin/sign-in-settings: each region's ways in; a client secret is only said to be set. */
function fetchSignInSettings(): Promise<AdminSignInSettings> {
  return api.get('/api/admin/sign-in-settings', { schema: () => importAuthSchemas().then((module) => module.AdminSignInSettingsDto) });
}

const signInSettingsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_KEY, 'sign-in-settings'], queryFn: fetchSignInSettings });

export function useSignInSettings() {
  return useQuery(signInSettingsQueryOptions());
}
