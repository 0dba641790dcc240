import type { CreateReportInput } from '@carpool/shared/schemas/trust';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
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
export async function downloadExport(region: Region): Promise<void> {
  const token = getToken(region);
  const response = await fetch('/api/users/me/export', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error('The export could not be prepared. Please try again.');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'carpool-export.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
