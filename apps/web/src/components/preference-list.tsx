import type { Preferences } from '@carpool/shared/schemas/users';
import { preferenceLines } from '../lib/preferences';

export function PreferenceList({ preferences }: { preferences: Preferences }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Ride preferences">
      {preferenceLines(preferences).map((line) => (
        <li key={line.key} className="flex items-center gap-3 text-sm font-medium text-slate-700 dark:text-slate-200">
          <span
            aria-hidden="true"
            className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${
              line.okay
                ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-300'
                : 'bg-rose-100 text-rose-700 dark:bg-rose-900/60 dark:text-rose-300'
            }`}
          >
            <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
              {line.okay ? <path d="M4.5 10.5l3.5 3.5 7.5-8" /> : <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" />}
            </svg>
          </span>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
