import type { Conversation } from '@carpool/shared/schemas/messages';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatConversationTime } from '../utils/format-time';

/** One conversation of the inbox; the whole row opens it. */
export function InboxRow({ conversation, to }: { conversation: Conversation; to: string }) {
  const { user, lastMessage, lastMessageTime, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-4 dark:hover:bg-slate-800/70"
      >
        <Avatar name={user.name} src={user.avatar} color={user.avatarColor} size="md" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'} text-slate-900 dark:text-white`}>{user.name}</span>
            <time
              dateTime={lastMessageTime}
              className={`shrink-0 text-xs tabular-nums ${unread ? 'font-semibold text-brand-700 dark:text-brand-300' : 'text-slate-500 dark:text-slate-400'}`}
            >
              {formatConversationTime(lastMessageTime)}
            </time>
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-2">
            <p className={`truncate text-sm ${unread ? 'font-medium text-slate-800 dark:text-slate-100' : 'text-slate-600 dark:text-slate-300'}`}>
              {lastMessage}
            </p>
            {unread ? (
              <span
                aria-label={`${unreadCount} unread`}
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white tabular-nums"
              >
                {unreadCount}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
