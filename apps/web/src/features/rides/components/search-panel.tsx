import type { College } from '@carpool/shared/colleges';
import { MAX_SEATS, MAX_SUITCASES } from '@carpool/shared/constants';
import { memo, useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CollegeSelect } from './college-select';
import { fieldClasses, labelClasses } from './field-classes';
import { PlaceOptions } from '../../../components/ui/place-options';
import type { AddressedSearch, SearchPatch } from '../utils/search-params';

type SearchValues = Omit<AddressedSearch, 'colleges'> & { colleges: readonly College[] };

interface SearchPanelProps {
  values: SearchValues;
  /** The earliest day the date input accepts: today, in the viewer's zone. */
  minDate: string;
  onChange: (patch: SearchPatch) => void;
  onSearch: () => void;
  searching: boolean;
}

const smallFieldClasses =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-base text-slate-900 shadow-sm sm:text-sm focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:[color-scheme:dark]';

/** A compact labelled select of the second row. */
function SmallSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select id={id} className={smallFieldClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** Any, 1+, 2+ ... up to `max`: a minimum of free room. */
function MinimumOptions({ max }: { max: number }) {
  return (
    <>
      <option value="0">Any</option>
      {Array.from({ length: max }, (_, index) => (
        <option key={index} value={index + 1}>
          {index + 1}+
        </option>
      ))}
    </>
  );
}

/**
 * Departing from, Going to, Date, College and Search, and under them the order and the filters for
 * free seats, suitcases and verified drivers; every change searches at once.
 */
function SearchPanelUnmemoized({ values, minDate, onChange, onSearch, searching }: SearchPanelProps) {
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
          <PlaceOptions blankLabel="Anywhere" />
        </select>
      </div>
      <div>
        <label htmlFor={toId} className={labelClasses}>
          Going to
        </label>
        <select id={toId} className={fieldClasses} value={values.to} onChange={(event) => onChange({ to: event.target.value })}>
          <PlaceOptions blankLabel="Anywhere" />
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
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-2 lg:col-span-5">
        <SmallSelect label="Sort" value={values.sort} onChange={(sort) => onChange({ sort: sort === 'price' ? 'price' : 'departure' })}>
          <option value="departure">Soonest first</option>
          <option value="price">Lowest price</option>
        </SmallSelect>
        <SmallSelect label="Free seats" value={String(values.seats)} onChange={(seats) => onChange({ seats: Number(seats) })}>
          <MinimumOptions max={MAX_SEATS} />
        </SmallSelect>
        <SmallSelect label="Suitcase room" value={String(values.suitcases)} onChange={(suitcases) => onChange({ suitcases: Number(suitcases) })}>
          <MinimumOptions max={MAX_SUITCASES} />
        </SmallSelect>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={values.verifiedDrivers}
            onChange={(event) => onChange({ verifiedDrivers: event.target.checked })}
          />
          Verified drivers only
        </label>
      </div>
    </form>
  );
}

/** Memoized: the home page re-renders for each answer it gets; the panel only when its own props change. */
export const SearchPanel = memo(SearchPanelUnmemoized);
