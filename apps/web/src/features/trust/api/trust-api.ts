import type { CreateReportInput } from '@carpool/shared/schemas/trust';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import type { Region } from '@carpool/shared/regions';

const BLOCKS_KEY = ['users', 'me', 'blocks'] as const;

export function useReport() {
  return useMutation({ mutationFn: (input: CreateReportInput) => api.post('/api/reports', input, { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.ReportDto) }) });
}

export function useBlockedUsers(enabled = true) {
  return useQuery({ queryKey: BLOCKS_KEY, queryFn: () => api.get('/api/users/me/blocks', { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.BlockedUsersDto) }), enabled });
}

/** A block changes which rides and requests the lists show: everything is read again. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked
        ? api.post(`/api/users/${userId}/block`, undefined, { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.BlockedUsersDto) })
        : api.delete(`/api/users/${userId}/block`, { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.BlockedUsersDto) }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => apiRequest('/api/users/me', { method: 'DELETE', body: { confirmation: 'DELETE' } }) });
}

/** The export is a file: fetched with the token and handed to the browser as a download. */
export function downloadExport(region: Region): Promise<void> {
  return downloadFile('/api/users/me/export', {
    region,
    fallbackName: 'carpool-export.zip',
    failureMessage: 'The export could not be prepared. Please try again.',
  });
}
