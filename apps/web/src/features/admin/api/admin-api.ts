import type { AuditAction, ReportAction } from '@carpool/shared/schemas/trust';
import type { SubmissionStatus } from '@carpool/shared/schemas/verification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every console list lives under it, so that one invalidation after an admin action reads them all again. */
export const ADMIN_KEY = ['admin'] as const;

export function adminVerificationsQueryOptions(status: SubmissionStatus) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'verifications', status],
    queryFn: () => api.get('/api/admin/verifications', { query: { status }, schema: () => import('@carpool/shared/schemas/verification').then((module) => module.AdminVerificationsDto) }),
  });
}

export function useAdminVerifications(status: SubmissionStatus) {
  return useQuery(adminVerificationsQueryOptions(status));
}

export function useAdminReports(status: 'open' | 'resolved' | 'all') {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'reports', status],
    queryFn: () => api.get('/api/admin/reports', { query: { status }, schema: () => import('@carpool/shared/schemas/trust').then((module) => module.AdminReportsDto) }),
  });
}

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'users', q],
    queryFn: () => api.get('/api/admin/users', { query: { q }, schema: () => import('@carpool/shared/schemas/trust').then((module) => module.AdminUsersDto) }),
  });
}

/** The per-user view; nothing is asked while no user is open. */
export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'user', userId],
    queryFn: () => api.get(`/api/admin/users/${userId}`, { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.AdminUserDetailDto) }),
    enabled: userId !== null,
  });
}

export interface AuditFilters {
  action?: AuditAction | undefined;
  targetId?: string | undefined;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'audit', filters],
    queryFn: () => api.get('/api/admin/audit', { query: { ...filters }, schema: () => import('@carpool/shared/schemas/trust').then((module) => module.AuditLogDto) }),
  });
}

/** Every admin action changes several lists (queue, users, audit): they are all read again. */
function useAdminMutation<V>(run: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }) });
}

export function useDecideVerification() {
  return useAdminMutation(({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
    api.post(`/api/admin/verifications/${id}/${decision}`, decision === 'reject' ? { reason: reason ?? '' } : undefined),
  );
}

export function useResolveReport() {
  return useAdminMutation(({ id, action, note }: { id: string; action: ReportAction; note: string }) =>
    api.post(`/api/admin/reports/${id}/resolve`, { action, note }),
  );
}

export function useSuspendUser() {
  return useAdminMutation(({ userId, reason }: { userId: string; reason: string }) => api.post(`/api/admin/users/${userId}/suspend`, { reason }));
}

export function useUnsuspendUser() {
  return useAdminMutation(({ userId }: { userId: string }) => api.delete(`/api/admin/users/${userId}/suspend`));
}
