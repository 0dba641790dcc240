import type { AuthConfig } from '@carpool/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { importAuthSchemas } from './schema-modules';

/** The server's public set-up: sign-in mode, Google client id, maps key, tile URL. */
function getAppConfig(): Promise<AuthConfig> {
  return api.get('/api/config', { schema: () => importAuthSchemas().then((module) => module.AuthConfigDto) });
}

const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  // Fixed for the life of the server process.
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
