import type { ReactNode } from 'react';
import { formatMessageTime } from '../utils/format-time';

interface MessageBubbleProps {
  content: string;
  /** ISO 8601. */
  time: string;
  own: boolean;
  /** Shown above other people's messages where several people talk (the ride chat). */
  authorName?: string | null;
  /** Beside the time of other people's messages: "Report message". */
  actions?: ReactNode;
}

/** One chat message: own on the right in the region's colour, other people's on the left. */
export function MessageBubble({ content, time, own, authorName, actions }: MessageBubbleProps) {
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-own={own}>
      <div className={`flex max-w-[85%] flex-col sm:max-w-[75%] ${own ? 'items-end' : 'items-start'}`}>
        {authorName && !own ? (
          <span className="mb-0.5 px-1 text-xs font-semibold text-slate-600 dark:text-slate-300">{authorName}</span>
        ) : null}
        <div
          className={`rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-snug shadow-sm ${
            own
              ? 'rounded-br-md bg-brand-600 text-white'
              : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700'
          }`}
        >
          {own ? <span className="sr-only">You: </span> : null}
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{content}</p>
        </div>
        <div className="flex items-center gap-1">
          <time dateTime={time} className="mt-1 px-1 text-[0.6875rem] font-medium text-slate-500 tabular-nums dark:text-slate-400">
            {formatMessageTime(time)}
          </time>
          {actions}
        </div>
      </div>
    </li>
  );
}

/** A message from the app itself (a cancelled ride): centred, neither side's voice. */
export function SystemMessage({ content, time }: { content: string; time: string }) {
  return (
    <li className="flex justify-center" data-system="true">
      <div className="flex max-w-[90%] items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm1 8H9V9h2v5Z" />
        </svg>
        <p className="[overflow-wrap:anywhere]">
          <span className="sr-only">Notice: </span>
          {content}
          <time dateTime={time} className="ml-2 whitespace-nowrap text-xs text-amber-700 tabular-nums dark:text-amber-300">
            {formatMessageTime(time)}
          </time>
        </p>
      </div>
    </li>
  );
}
