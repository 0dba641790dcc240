import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { Notification, NotificationList } from '@carpool/shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket';
import { notificationsKey, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { formatConversationTime } from '../utils/format-time';
import { notificationPath } from '@carpool/shared/notification-links';
import { formatUnreadCount } from '../utils/notification-link';

/**
 * The header's bell (DESIGN.md section 6): the unread count, and a list that leads to each thing.
 * `footer` is drawn at the bottom of the open panel (the app puts the push notifications switch there).
 */
export function NotificationBell({ footer }: { footer?: ReactNode }) {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return null;
  return <Bell footer={footer} />;
}

function addNotification(list: NotificationList | undefined, notification: Notification): NotificationList | undefined {
  if (!list || list.notifications.some((each) => each.id === notification.id)) return list;
  return {
    notifications: [notification, ...list.notifications],
    unreadCount: list.unreadCount + (notification.read ? 0 : 1),
  };
}

function Bell({ footer }: { footer: ReactNode }) {
  const { region, toPath } = useRegion();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifications = useNotifications(region);
  const markRead = useMarkNotificationsRead(region);
  const socket = useSocket();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useSocketEvent(socket, SOCKET_EVENTS.notification, (notification) => {
    queryClient.setQueryData<NotificationList>(notificationsKey(region), (list) => addNotification(list, notification));
    if (open) setFresh((current) => new Set([...current, notification.id]));
  });
  useSocketConnect(socket, (_socket, { connectedAfterMount, recovered }) => {
    if (connectedAfterMount && !recovered) void queryClient.invalidateQueries({ queryKey: notificationsKey(region) });
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.notifications ?? [];

  // What the open panel shows has been seen: it is marked read on the server at once, and keeps
  // its "new" look until the panel closes so the user can still tell what arrived. The set is
  // filled where the panel opens and where a notification arrives, not in an effect.
  const unseenKey = open ? items.filter((each) => !each.read).map((each) => each.id).join(',') : '';
  useEffect(() => {
    if (unseenKey !== '') markRead.mutate(unseenKey.split(','));
    // markRead changes identity on every render; the ids are what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unseenKey]);
  const togglePanel = () => {
    if (!open) setFresh(new Set(items.filter((each) => !each.read).map((each) => each.id)));
    setOpen(!open);
  };
  const isFresh = (notification: Notification): boolean => fresh.has(notification.id) || (open && !notification.read);

  const openNotification = (notification: Notification) => {
    setOpen(false);
    const path = notificationPath(notification);
    if (path) void navigate(toPath(path));
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={togglePanel}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[0.6875rem] font-bold text-white tabular-nums ring-2 ring-white dark:ring-slate-950"
          >
            {formatUnreadCount(unread)}
          </span>
        ) : null}
      </button>

      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96 dark:bg-slate-900 dark:ring-slate-700"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 className="text-sm font-bold text-slate-900 dark:text-white">Notifications</h2>
            {unread > 0 ? (
              <button
                type="button"
                onClick={() => markRead.mutate(undefined)}
                className="rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-slate-800"
              >
                Mark all as read
              </button>
            ) : null}
          </div>
          {notifications.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner size="sm" label="Loading notifications" />
            </div>
          ) : notifications.isError ? (
            <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 dark:text-red-300">
              Failed to load notifications
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-300">No notifications yet.</p>
          ) : (
            <ul className="max-h-[min(28rem,70vh)] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(notification)}
                    className={`flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800/70 ${
                      isFresh(notification) ? 'bg-brand-50/60 dark:bg-brand-950/30' : ''
                    }`}
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${isFresh(notification) ? 'bg-brand-600' : 'bg-transparent'}`}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                        {notification.title}
                        {isFresh(notification) ? <span className="sr-only"> (new)</span> : null}
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{notification.body}</span>
                      <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500 tabular-nums dark:text-slate-400">
                        {formatConversationTime(notification.createdAt)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* empty:hidden: the footer may draw nothing (push is not possible in this browser). */}
          {footer ? <div className="border-t border-slate-200 px-4 py-3 empty:hidden dark:border-slate-800">{footer}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
