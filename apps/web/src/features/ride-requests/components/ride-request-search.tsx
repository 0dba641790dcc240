import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { viewerToday } from '../../../lib/viewer-time-zone';
import type { RideRequestFilters } from '../api/query-keys';
import { controlClasses, labelClasses } from './form-styles';
import { SearchIcon } from './ride-request-icons';
import { PlaceOptions } from '../../../components/ui/place-options';

interface RideRequestSearchProps {
  initial: RideRequestFilters;
  onSearch: (filters: RideRequestFilters) => void;
}

/**
 * From, to and date, applied with the Search button (spec section 2, Ride Requests page). An
 * empty value means "any", and the date input offers no day before today.
 */
export function RideRequestSearch({ initial, onSearch }: RideRequestSearchProps) {
  const id = useId();
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [date, setDate] = useState(initial.date ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ from: from || undefined, to: to || undefined, date: date || undefined });
  };

  return (
    <form
      role="search"
      aria-label="Search ride requests"
      onSubmit={submit}
      className="mb-8 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <label htmlFor={`${id}-from`} className={labelClasses}>
          Departing from
        </label>
        <select id={`${id}-from`} value={from} onChange={(event) => setFrom(event.target.value)} className={controlClasses}>
          <PlaceOptions blankLabel="Any place" />
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClasses}>
          Going to
        </label>
        <select id={`${id}-to`} value={to} onChange={(event) => setTo(event.target.value)} className={controlClasses}>
          <PlaceOptions blankLabel="Any place" />
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-date`} className={labelClasses}>
          Date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          min={viewerToday()}
          onChange={(event) => setDate(event.target.value)}
          className={controlClasses}
        />
      </div>
      <Button type="submit" size="lg" className="h-11 sm:col-span-2 lg:col-span-1">
        <SearchIcon className="h-4 w-4" />
        {TEXTS.rideRequests.search}
      </Button>
    </form>
  );
}
