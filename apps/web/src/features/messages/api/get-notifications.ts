import type { Region } from '@carpool/shared/regions';
import type { NotificationList } from '@carpool/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function notificationsKey(region: Region) {
  return ['notifications', region] as const;
}

function getNotifications(): Promise<NotificationList> {
  return api.get('/api/notifications', { schema: () => import('@carpool/shared/schemas/notifications').then((module) => module.NotificationListDto) });
}

function notificationsQueryOptions(region: Region) {
  return queryOptions({ queryKey: notificationsKey(region), queryFn: getNotifications });
}

export function useNotifications(region: Region) {
  return useQuery(notificationsQueryOptions(region));
}
