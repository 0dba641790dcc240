import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS, PAYMENT_PLACEHOLDER_INTENT } from '@carpool/shared/constants';
import { bookRideFormSchema, type BookRideInput } from '@carpool/shared/schemas/bookings';
import type { Ride, RideSegment } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { useBookRide } from '../api/book-ride';
import { formatPrice, pluralize } from '../utils/ride-labels';
import { segmentToSend } from '../utils/ride-route';

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The choices of a select, plus the one the passenger chose if the ride no longer has room for it:
 * a select whose value is not among its options shows another number than the one the form holds.
 */
function withChoice(choices: number[], chosen: number): number[] {
  return Number.isInteger(chosen) && !choices.includes(chosen) ? [...choices, chosen] : choices;
}

/**
 * The seats and suitcases a passenger may ask for: 1..available seats, 0..available suitcases, of
 * the room the ride has (its segment's, every leg of the part looked at).
 */
function bookingLimits(room: Pick<RideSegment, 'seatsAvailable' | 'suitcasesAvailable'>) {
  return {
    seats: range(MIN_SEATS, Math.min(room.seatsAvailable, MAX_SEATS)),
    suitcases: range(0, Math.min(room.suitcasesAvailable, MAX_SUITCASES)),
    defaultSuitcases: room.suitcasesAvailable >= 1 ? 1 : 0,
  };
}

interface BookingFormProps {
  ride: Ride;
  onBooked: () => void;
}

/**
 * "Book this Ride": seats and suitcases, no payment while payments are disabled. For a part of the
 * route (the ride's `segment`), its room and price, and its ends are sent with the booking.
 */
export function BookingForm({ ride, onBooked }: BookingFormProps) {
  const limits = bookingLimits(ride.segment);
  const booking = useBookRide();
  const room = { seats: limits.seats.at(-1) ?? 0, suitcases: limits.suitcases.at(-1) ?? 0 };
  // Rebuilt on each render: the ride's room changes live while the dialog is open.
  const schema = bookRideFormSchema(room);
  const form = useZodForm(schema, {
    defaultValues: { rideId: ride.id, seats: 1, suitcases: limits.defaultSuitcases, paymentIntentId: PAYMENT_PLACEHOLDER_INTENT },
    messages: {
      seats: (issue) => (issue.code === 'too_big' ? `Only ${pluralize(room.seats, 'seat')} left.` : undefined),
      suitcases: (issue) => (issue.code === 'too_big' ? `Only ${pluralize(room.suitcases, 'suitcase')} left.` : undefined),
    },
  });
  const [seats, suitcases] = useWatch({ control: form.control, name: ['seats', 'suitcases'] });
  // When others book while the dialog is open, a choice beyond the room left stays shown, marked
  // unavailable, and its field says at once how many are left.
  useEffect(() => {
    if (seats > room.seats) void form.trigger('seats');
    if (suitcases > room.suitcases) void form.trigger('suitcases');
    // Only a change of the room left asks for this; the fields check themselves when changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room.seats, room.suitcases]);

  if (limits.seats.length === 0) {
    return <p className="rounded-xl bg-slate-100 p-4 text-sm font-medium dark:bg-slate-800">This ride is full.</p>;
  }

  const onSubmit = async (values: BookRideInput) => {
    try {
      await booking.mutateAsync({ rideId: ride.id, seats: values.seats, suitcases: values.suitcases, ...segmentToSend(ride) });
    } catch (caught) {
      form.showFailure(caught, isApiError(caught) && caught.status > 0 ? caught.message : TEXTS.bookingFailed);
      return;
    }
    onBooked();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label={TEXTS.rides.bookThisRide}>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{TEXTS.rides.bookThisRide}</h3>
      <div className="grid grid-cols-2 gap-3">
        <Field name="seats" label="Seats">
          {(control) => (
            <select {...control} className={controlClasses} {...form.register('seats', { valueAsNumber: true })}>
              {withChoice(limits.seats, seats).map((count) => (
                <option key={count} value={count} disabled={count > room.seats}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="suitcases" label="Suitcases">
          {(control) => (
            <select {...control} className={controlClasses} {...form.register('suitcases', { valueAsNumber: true })}>
              {withChoice(limits.suitcases, suitcases).map((count) => (
                <option key={count} value={count} disabled={count > room.suitcases}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>Total</span>
        <span className="text-base font-bold text-slate-900 dark:text-white">{formatPrice(ride.segment.price * (Number.isFinite(seats) ? seats : 1))}</span>
      </p>
      <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        {TEXTS.rides.paymentsDisabled}
      </p>
      <FormError />
      <SubmitButton size="lg" className="w-full" pendingText={TEXTS.rides.booking}>
        {TEXTS.rides.bookThisRide}
      </SubmitButton>
    </Form>
  );
}
