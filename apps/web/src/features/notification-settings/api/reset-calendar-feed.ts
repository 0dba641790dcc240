import type { NotificationPreferencesDto } from '@carpool/shared/schemas/notification-preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationPreferencesKey } from './get-notification-preferences';

/** The old feed URL stops working; answers the new one. */
function resetCalendarFeed(): Promise<{ calendarFeedUrl: string }> {
  return api.post('/api/calendar-feed/reset', undefined, { schema: () => import('@carpool/shared/schemas/notification-preferences').then((module) => module.CalendarFeedDto) });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: ({ calendarFeedUrl }) =>
      queryClient.setQueryData<NotificationPreferencesDto>(notificationPreferencesKey, (current) =>
        current ? { ...current, calendarFeedUrl } : current,
      ),
  });
}
