import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS } from '@carpool/shared/constants';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useBookRide } from '../api/book-ride';
import { formatPrice } from '../utils/ride-labels';
import { fieldClasses, labelClasses } from './field-classes';

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** The seats and suitcases a passenger may ask for: 1..available seats, 0..available suitcases. */
export function bookingLimits(ride: Pick<Ride, 'seatsAvailable' | 'suitcasesAvailable'>) {
  return {
    seats: range(MIN_SEATS, Math.min(ride.seatsAvailable, MAX_SEATS)),
    suitcases: range(0, Math.min(ride.suitcasesAvailable, MAX_SUITCASES)),
    defaultSuitcases: ride.suitcasesAvailable >= 1 ? 1 : 0,
  };
}

interface BookingFormProps {
  ride: Ride;
  onBooked: () => void;
}

/** "Book this Ride": seats and suitcases, no payment while payments are disabled. */
export function BookingForm({ ride, onBooked }: BookingFormProps) {
  const limits = bookingLimits(ride);
  const seatsId = useId();
  const suitcasesId = useId();
  const [seats, setSeats] = useState(1);
  const [suitcases, setSuitcases] = useState(limits.defaultSuitcases);
  const [error, setError] = useState<string | null>(null);
  const booking = useBookRide();

  if (limits.seats.length === 0) {
    return <p className="rounded-xl bg-slate-100 p-4 text-sm font-medium dark:bg-slate-800">This ride is full.</p>;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    booking.mutate(
      { rideId: ride.id, seats, suitcases: Math.min(suitcases, limits.suitcases.at(-1) ?? 0) },
      {
        onSuccess: onBooked,
        onError: (caught) => setError(isApiError(caught) && caught.status > 0 ? caught.message : TEXTS.bookingFailed),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={TEXTS.rides.bookThisRide}>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{TEXTS.rides.bookThisRide}</h3>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={seatsId} className={labelClasses}>
            Seats
          </label>
          <select id={seatsId} className={fieldClasses} value={seats} onChange={(event) => setSeats(Number(event.target.value))}>
            {limits.seats.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={suitcasesId} className={labelClasses}>
            Suitcases
          </label>
          <select id={suitcasesId} className={fieldClasses} value={suitcases} onChange={(event) => setSuitcases(Number(event.target.value))}>
            {limits.suitcases.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>Total</span>
        <span className="text-base font-bold text-slate-900 dark:text-white">{formatPrice(ride.price * seats)}</span>
      </p>
      <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        {TEXTS.rides.paymentsDisabled}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={booking.isPending}>
        {booking.isPending ? TEXTS.rides.booking : TEXTS.rides.bookThisRide}
      </Button>
    </form>
  );
}
