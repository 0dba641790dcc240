import type { RideMessage } from '@carpool/shared/schemas/messages';
import { messagePreview } from '../utils/ride-labels';

/** The last 2 ride messages, cut at 30 characters, and how many more the chat holds. */
export function MessagePreview({ messages, messageCount }: { messages: readonly RideMessage[]; messageCount: number }) {
  const { lines, more } = messagePreview(messages, messageCount);
  if (lines.length === 0) return null;
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Messages</p>
      <ul className="space-y-0.5">
        {lines.map((line) => (
          <li key={line.id} className="truncate">
            <span className="font-semibold">{line.author}:</span> {line.text}
          </li>
        ))}
      </ul>
      {more ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{more}</p> : null}
    </div>
  );
}
