import { CAROUSEL_DAYS } from '@carpool/shared/constants';
import type { RideDayCount } from '@carpool/shared/schemas/rides';
import { memo } from 'react';
import { carouselDays, formatDayLabel, formatRideCount, formatWeekday } from '../utils/ride-dates';

interface DateCarouselProps {
  /** First day of the window (yyyy-mm-dd, viewer's zone). */
  start: string;
  today: string;
  selected: string;
  counts: readonly RideDayCount[] | undefined;
  onShift: (direction: -1 | 1) => void;
  onSelect: (day: string) => void;
}

const arrowClasses =
  'inline-flex h-9 w-9 shrink-0 items-center sm:h-10 sm:w-10 justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';

/** Five days with their ride counts; arrows move by five; the selected day is a one-day filter. */
function DateCarouselUnmemoized({ start, today, selected, counts, onShift, onSelect }: DateCarouselProps) {
  const days = carouselDays(start, CAROUSEL_DAYS);
  const countOf = (day: string) => counts?.find((entry) => entry.date === day)?.count;

  // Below sm the arrows share a row above the days, so five days fit a 360 px screen.
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-nowrap" role="group" aria-label="Choose a day">
      <button type="button" className={arrowClasses} aria-label="Previous 5 days" disabled={start <= today} onClick={() => onShift(-1)}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0z" />
        </svg>
      </button>
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-500 sm:hidden dark:text-slate-400" aria-hidden="true">
        {formatDayLabel(days[0]!)} – {formatDayLabel(days[days.length - 1]!)}
      </span>
      <ul className="order-last grid w-full grid-cols-5 gap-1 sm:order-none sm:w-auto sm:flex-1 sm:gap-2">
        {days.map((day) => {
          const isSelected = day === selected;
          const count = countOf(day);
          return (
            <li key={day}>
              <button
                type="button"
                aria-pressed={isSelected}
                data-day={day}
                onClick={() => onSelect(day)}
                className={`flex w-full flex-col items-center rounded-xl border px-0.5 py-2 text-center transition-colors sm:px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  isSelected
                    ? 'border-brand-600 bg-brand-600 text-white shadow-md'
                    : 'border-slate-200 bg-white text-slate-800 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-700 dark:hover:bg-slate-800'
                }`}
              >
                <span className={`text-[11px] font-medium uppercase tracking-wide ${isSelected ? 'text-white/80' : 'text-slate-500 dark:text-slate-400'}`}>
                  {day === today ? 'Today' : formatWeekday(day)}
                </span>
                <span className="whitespace-nowrap text-xs font-bold sm:text-base">{formatDayLabel(day)}</span>
                <span className={`whitespace-nowrap text-[11px] sm:text-xs ${isSelected ? 'text-white/90' : 'text-slate-500 dark:text-slate-400'}`}>
                  {count === undefined ? '\u00a0' : formatRideCount(count)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={arrowClasses} aria-label="Next 5 days" onClick={() => onShift(1)}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
    </div>
  );
}

/** Memoized: the home page re-renders for each answer it gets; the carousel only when its own props change (its counts among them). */
export const DateCarousel = memo(DateCarouselUnmemoized);
