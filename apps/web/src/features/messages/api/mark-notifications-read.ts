import type { Region } from '@carpool/shared/regions';
import type { MarkNotificationsReadDto, NotificationList } from '@carpool/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';

type MarkReadResult = z.infer<typeof MarkNotificationsReadDto>;

/** Marks the given notifications read, or all of them without ids. */
function markNotificationsRead(ids?: string[]): Promise<MarkReadResult> {
  return api.post('/api/notifications/read', ids ? { ids } : {}, { schema: () => import('@carpool/shared/schemas/notifications').then((module) => module.MarkNotificationsReadDto) });
}

export function useMarkNotificationsRead(region: Region) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // The list shows them read at once; the server's count is the one kept.
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationList>(notificationsKey(region), (list) =>
        list
          ? {
              ...list,
              notifications: list.notifications.map((each) => (!ids || ids.includes(each.id) ? { ...each, read: true } : each)),
            }
          : list,
      );
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData<NotificationList>(notificationsKey(region), (list) => (list ? { ...list, unreadCount } : list));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKey(region) }),
  });
}
