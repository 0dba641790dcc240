import type { RideChatSummary } from '@carpool/shared/schemas/messages';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../lib/local-date-time';
import { formatConversationTime } from '../utils/format-time';
import { usePlaceLabel } from '../../../lib/region';

/** One ride chat of the inbox: the ride's route and day, its latest message; the row opens the ride. */
export function RideChatRow({ chat, to }: { chat: RideChatSummary; to: string }) {
  const placeLabel = usePlaceLabel();
  const route = `${placeLabel(chat.from)} → ${placeLabel(chat.to)}`;
  const ended = chat.rideStatus === 'cancelled' ? ' · cancelled' : '';
  return (
    <li>
      <Link
        to={to}
        aria-label={`Ride chat ${route}, ${formatLocalDate(chat.departsAt)}`}
        className="flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-4 dark:hover:bg-slate-800/70"
      >
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 17h14M6 17l1.5-6h9L18 17M8 11l1-4h6l1 4" />
            <circle cx="8" cy="17.5" r="1.5" />
            <circle cx="16" cy="17.5" r="1.5" />
          </svg>
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold text-slate-900 dark:text-white">{route}</span>
            <time dateTime={chat.lastMessageTime} className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {formatConversationTime(chat.lastMessageTime)}
            </time>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {formatLocalDate(chat.departsAt)}
            {ended}
          </p>
          <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-300">
            {chat.lastMessageAuthor ? `${chat.lastMessageAuthor}: ` : ''}
            {chat.lastMessage}
          </p>
        </div>
      </Link>
    </li>
  );
}
