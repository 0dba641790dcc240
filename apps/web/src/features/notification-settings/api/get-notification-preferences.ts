import type { NotificationPreferencesDto } from '@carpool/shared/schemas/notification-preferences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Preferences are the person's, not a region's: one key for every region. */
export const notificationPreferencesKey = ['notification-preferences'] as const;

function getNotificationPreferences(): Promise<NotificationPreferencesDto> {
  return api.get('/api/notification-preferences', { schema: () => import('@carpool/shared/schemas/notification-preferences').then((module) => module.NotificationPreferencesDto) });
}

export function useNotificationPreferences() {
  return useQuery(queryOptions({ queryKey: notificationPreferencesKey, queryFn: getNotificationPreferences }));
}
