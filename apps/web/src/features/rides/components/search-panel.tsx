import type { College } from '@carpool/shared/colleges';
import { memo, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useRegion } from '../../../lib/region';
import { CollegeSelect } from './college-select';
import { fieldClasses, labelClasses } from './field-classes';
import { PlaceOptions } from '../../../components/ui/place-options';

export interface SearchValues {
  from: string;
  to: string;
  date: string;
  colleges: readonly College[];
}

interface SearchPanelProps {
  values: SearchValues;
  /** The earliest day the date input accepts: today, in the viewer's zone. */
  minDate: string;
  onChange: (patch: Partial<Omit<SearchValues, 'colleges'>> & { colleges?: College[] }) => void;
  onSearch: () => void;
  searching: boolean;
}

/** Departing from, Going to, Date, College and Search; every change searches at once. */
function SearchPanelUnmemoized({ values, minDate, onChange, onSearch, searching }: SearchPanelProps) {
  const { region } = useRegion();
  const fromId = useId();
  const toId = useId();
  const dateId = useId();

  return (
    <form
      role="search"
      aria-label="Find a ride"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <div>
        <label htmlFor={fromId} className={labelClasses}>
          Departing from
        </label>
        <select id={fromId} className={fieldClasses} value={values.from} onChange={(event) => onChange({ from: event.target.value })}>
          <PlaceOptions region={region} blankLabel="Anywhere" />
        </select>
      </div>
      <div>
        <label htmlFor={toId} className={labelClasses}>
          Going to
        </label>
        <select id={toId} className={fieldClasses} value={values.to} onChange={(event) => onChange({ to: event.target.value })}>
          <PlaceOptions region={region} blankLabel="Anywhere" />
        </select>
      </div>
      <div>
        <label htmlFor={dateId} className={labelClasses}>
          Date
        </label>
        <input
          id={dateId}
          type="date"
          className={fieldClasses}
          min={minDate}
          value={values.date}
          onChange={(event) => {
            const day = event.target.value;
            // Typing can get past the picker's min; a past day is refused (spec section 5).
            onChange({ date: day && day < minDate ? '' : day });
          }}
        />
      </div>
      <CollegeSelect selected={values.colleges} onChange={(colleges) => onChange({ colleges })} />
      <Button type="submit" className="h-11 sm:col-span-2 lg:col-span-1" aria-busy={searching}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="9" cy="9" r="6" />
          <path d="m14 14 4 4" strokeLinecap="round" />
        </svg>
        Search
      </Button>
    </form>
  );
}

/** Memoized: the home page re-renders for each answer it gets; the panel only when its own props change. */
export const SearchPanel = memo(SearchPanelUnmemoized);
