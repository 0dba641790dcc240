import type { DeliveryChannel, NotificationCategory, NotificationPreferencesDto } from '@carpool/shared/schemas/notification-preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationPreferencesKey } from './get-notification-preferences';

export interface PreferenceSwitch {
  category: NotificationCategory;
  channel: DeliveryChannel;
  on: boolean;
}

/** Sends only the one switch that changed (the PUT leaves the others as they are). */
function updateNotificationPreference({ category, channel, on }: PreferenceSwitch): Promise<NotificationPreferencesDto> {
  return api.put('/api/notification-preferences', { preferences: { [category]: { [channel]: on } } }, { schema: () => import('@carpool/shared/schemas/notification-preferences').then((module) => module.NotificationPreferencesDto) });
}

export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreference,
    // The switch moves at once; the server's answer is the one kept, and a failure puts it back.
    onMutate: async ({ category, channel, on }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey });
      const before = queryClient.getQueryData<NotificationPreferencesDto>(notificationPreferencesKey);
      if (before) {
        queryClient.setQueryData<NotificationPreferencesDto>(notificationPreferencesKey, {
          ...before,
          preferences: { ...before.preferences, [category]: { ...before.preferences[category], [channel]: on } },
        });
      }
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(notificationPreferencesKey, context.before);
    },
  });
}
