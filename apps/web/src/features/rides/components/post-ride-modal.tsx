import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { RIDE_NOTE_MAX_CHARS, RIDE_NOTES_MAX_COUNT, WEEKDAY_NAMES, type CreateRide, type Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { isCalendarDay, todayInTimeZone, weekdayOf } from '@carpool/shared/time-zones';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AddressInput } from '../../../components/ui/address-input';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import type { PickedPlace } from '../../../lib/geocoder';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { useWindowEvent } from '../../../lib/window-events';
import { useCreateRide } from '../api/create-ride';
import { useUpdateRide } from '../api/update-ride';
import {
  PAST_DEPARTURE_ERROR,
  POST_RIDE_DEFAULTS,
  POST_RIDE_FIELD_ERRORS,
  REPEAT_FIELD_ERRORS,
  REPEAT_HORIZON_HINT,
  editRideFormValues,
  postedRideMessage,
  postRideResolver,
  toUpdateRideBody,
  type PostRideFormValues,
} from '../utils/post-ride-form';
import { fieldClasses, labelClasses } from './field-classes';
import { PlaceOptions } from '../../../components/ui/place-options';

const SEAT_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8];

/** The Post a New Ride dialog, mounted by the layout and opened by the header's open-post-ride event. */
export function PostRideModal() {
  const [open, setOpen] = useState(false);
  useWindowEvent(WINDOW_EVENTS.openPostRide, () => setOpen(true));
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={TEXTS.rides.postRideTitle} size="lg">
      <PostRideForm onDone={() => setOpen(false)} />
    </Modal>
  );
}

function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Posts a new ride, or, given `ride`, edits it: prefilled, with the route locked (a different
 * route is a different ride) and no return trip.
 */
export function PostRideForm({ onDone, ride }: { onDone: () => void; ride?: Ride }) {
  const { region } = useRegion();
  const { user } = useSession();
  const createRide = useCreateRide();
  const updateRide = useUpdateRide();
  const { showToast } = useToast();
  const ids = {
    from: useId(),
    to: useId(),
    date: useId(),
    time: useId(),
    seats: useId(),
    suitcases: useId(),
    price: useId(),
    pickup: useId(),
    dropoff: useId(),
    note: useId(),
    priceHint: useId(),
    returnTrip: useId(),
    returnDate: useId(),
    returnTime: useId(),
    repeat: useId(),
    repeatDays: useId(),
    repeatUntil: useId(),
    repeatHint: useId(),
  };
  const [noteDraft, setNoteDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, setValue, reset, formState } = useForm<PostRideFormValues, unknown, CreateRide>({
    defaultValues: ride ? editRideFormValues(ride, viewerTimeZone()) : POST_RIDE_DEFAULTS,
    resolver: postRideResolver(viewerTimeZone),
  });
  const notes = useWatch({ control, name: 'notes' });
  const withReturn = useWatch({ control, name: 'returnTrip' });
  const weekly = useWatch({ control, name: 'repeat' });
  const repeatWeekdays = useWatch({ control, name: 'repeatWeekdays' });
  const firstDay = useWatch({ control, name: 'date' });
  // The schema reports the repeat rules under repeat.weekdays and repeat.until.
  const repeatErrors = errorsOfRepeat(formState.errors);
  const toggleWeekday = (weekday: number) =>
    setValue(
      'repeatWeekdays',
      repeatWeekdays.includes(weekday) ? repeatWeekdays.filter((day) => day !== weekday) : [...repeatWeekdays, weekday],
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );
  const errors = formState.errors;
  const errorOf = (name: keyof PostRideFormValues) =>
    errors[name]?.type === 'past' ? PAST_DEPARTURE_ERROR : errors[name] ? POST_RIDE_FIELD_ERRORS[name] : undefined;
  const describedBy = (id: string, name: keyof PostRideFormValues, extra?: string) =>
    [errors[name] ? `${id}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  const pickPickup = (place: PickedPlace) => {
    setValue('pickupAddress', place.address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('pickupLat', place.lat);
    setValue('pickupLng', place.lng);
  };
  const pickDropoff = (place: PickedPlace) => {
    setValue('dropoffAddress', place.address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('dropoffLat', place.lat);
    setValue('dropoffLng', place.lng);
  };
  const pickup = register('pickupAddress', {
    // Typed text no longer matches the picked place's coordinates.
    onChange: () => {
      setValue('pickupLat', null);
      setValue('pickupLng', null);
    },
  });
  const dropoff = register('dropoffAddress', {
    onChange: () => {
      setValue('dropoffLat', null);
      setValue('dropoffLng', null);
    },
  });

  const addNote = () => {
    const text = noteDraft.trim();
    if (!text || notes.length >= RIDE_NOTES_MAX_COUNT) return;
    setValue('notes', [...notes, text], { shouldDirty: true });
    setNoteDraft('');
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    if (!user) {
      setFailure(TEXTS.userNotAuthenticated);
      return;
    }
    if (ride) {
      try {
        await updateRide.mutateAsync({ rideId: ride.id, changes: toUpdateRideBody(ride, body) });
        onDone();
        showToast({ message: 'Ride updated', tone: 'success' });
      } catch (error) {
        setFailure(error instanceof Error && error.message ? error.message : TEXTS.createRideFailed);
      }
      return;
    }
    try {
      const created = await createRide.mutateAsync(body);
      reset(POST_RIDE_DEFAULTS);
      setNoteDraft('');
      onDone();
      showToast({ message: postedRideMessage(created, TEXTS.rides.posted), tone: 'success' });
    } catch {
      setFailure(TEXTS.createRideFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={ride ? 'Edit ride' : TEXTS.rides.postRideTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.from} label="From" error={errorOf('from')}>
          <select id={ids.from} disabled={Boolean(ride)} className={fieldClasses} aria-invalid={Boolean(errors.from)} aria-describedby={describedBy(ids.from, 'from')} {...register('from')}>
            <PlaceOptions region={region} blankLabel="Select departure" />
          </select>
        </Field>
        <Field id={ids.to} label="To" error={errorOf('to')}>
          <select id={ids.to} disabled={Boolean(ride)} className={fieldClasses} aria-invalid={Boolean(errors.to)} aria-describedby={describedBy(ids.to, 'to')} {...register('to')}>
            <PlaceOptions region={region} blankLabel="Select destination" />
          </select>
        </Field>
        <Field id={ids.date} label="Date" error={errorOf('date')}>
          <input id={ids.date} type="date" min={todayInTimeZone(viewerTimeZone())} className={fieldClasses} aria-invalid={Boolean(errors.date)} aria-describedby={describedBy(ids.date, 'date')} {...register('date')} />
        </Field>
        <Field id={ids.time} label="Time" error={errorOf('time')}>
          <input id={ids.time} type="time" className={fieldClasses} aria-invalid={Boolean(errors.time)} aria-describedby={describedBy(ids.time, 'time')} {...register('time')} />
        </Field>
        <Field id={ids.seats} label="Seats" error={errorOf('totalSeats')}>
          <select id={ids.seats} className={fieldClasses} aria-describedby={describedBy(ids.seats, 'totalSeats')} {...register('totalSeats')}>
            {SEAT_CHOICES.map((count) => (
              <option key={count} value={String(count)}>
                {count}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.suitcases} label="Suitcases" error={errorOf('totalSuitcases')}>
          <select id={ids.suitcases} className={fieldClasses} aria-describedby={describedBy(ids.suitcases, 'totalSuitcases')} {...register('totalSuitcases')}>
            {SEAT_CHOICES.map((count) => (
              <option key={count} value={String(count)}>
                {count}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <Field
        id={ids.price}
        label="Price per seat ($)"
        error={errorOf('price')}
        hint={
          <p id={ids.priceHint} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {TEXTS.priceHint}
          </p>
        }
      >
        <input
          id={ids.price}
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          placeholder="25"
          className={fieldClasses}
          aria-invalid={Boolean(errors.price)}
          aria-describedby={describedBy(ids.price, 'price', ids.priceHint)}
          {...register('price')}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.pickup} label="Pickup address (optional)" error={errorOf('pickupAddress')}>
          <AddressInput
            id={ids.pickup}
            autoComplete="off"
            placeholder="Where passengers meet you"
            className={fieldClasses}
            {...pickup}
            onPick={pickPickup}
          />
        </Field>
        <Field id={ids.dropoff} label="Drop-off address (optional)" error={errorOf('dropoffAddress')}>
          <AddressInput
            id={ids.dropoff}
            autoComplete="off"
            placeholder="Where the ride ends"
            className={fieldClasses}
            {...dropoff}
            onPick={pickDropoff}
          />
        </Field>
      </div>

      <fieldset className="space-y-2">
        <legend className={labelClasses}>Notes</legend>
        {notes.length > 0 ? (
          <ul className="space-y-2">
            {notes.map((note, index) => (
              <li key={`${index}-${note}`} className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
                <span className="flex-1 break-words">{note}</span>
                <button
                  type="button"
                  aria-label={`Remove note: ${note}`}
                  onClick={() => setValue('notes', notes.filter((_, position) => position !== index), { shouldDirty: true })}
                  className="rounded-md px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-700 dark:hover:text-white"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          <label htmlFor={ids.note} className="sr-only">
            New note
          </label>
          <input
            id={ids.note}
            type="text"
            value={noteDraft}
            maxLength={RIDE_NOTE_MAX_CHARS}
            placeholder="e.g. One stop for coffee"
            className={fieldClasses}
            onChange={(event) => setNoteDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the note instead of submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                addNote();
              }
            }}
          />
          <Button variant="secondary" className="h-11 shrink-0" onClick={addNote} disabled={!noteDraft.trim() || notes.length >= RIDE_NOTES_MAX_COUNT}>
            Add note
          </Button>
        </div>
        {errors.notes ? <p className="text-xs font-medium text-red-700 dark:text-red-300">{POST_RIDE_FIELD_ERRORS.notes}</p> : null}
      </fieldset>

      {ride ? null : (
      <fieldset className="space-y-3">
        <div className="flex items-center gap-2">
          <input id={ids.returnTrip} type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('returnTrip')} />
          <label htmlFor={ids.returnTrip} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Add a return trip
          </label>
        </div>
        {withReturn ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={ids.returnDate} label="Return date">
              <input id={ids.returnDate} type="date" min={todayInTimeZone(viewerTimeZone())} className={fieldClasses} aria-invalid={Boolean(errors.returnTrip)} {...register('returnDate')} />
            </Field>
            <Field id={ids.returnTime} label="Return time">
              <input id={ids.returnTime} type="time" className={fieldClasses} aria-invalid={Boolean(errors.returnTrip)} {...register('returnTime')} />
            </Field>
          </div>
        ) : null}
        {errors.returnTrip ? <p className="text-xs font-medium text-red-700 dark:text-red-300">{POST_RIDE_FIELD_ERRORS.returnTrip}</p> : null}
      </fieldset>
      )}

      {ride ? null : (
        <fieldset className="space-y-3">
          <div className="flex items-center gap-2">
            <input
              id={ids.repeat}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              {...register('repeat', {
                // Starts with the weekday of the chosen date, which the first ride departs on.
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked && repeatWeekdays.length === 0 && isCalendarDay(firstDay)) setValue('repeatWeekdays', [weekdayOf(firstDay)]);
                },
              })}
            />
            <label htmlFor={ids.repeat} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              Repeat weekly
            </label>
          </div>
          {weekly ? (
            <div className="space-y-3">
              <div role="group" aria-labelledby={ids.repeatDays} aria-describedby={repeatErrors.weekdays ? `${ids.repeatDays}-error` : undefined}>
                <p id={ids.repeatDays} className={labelClasses}>
                  Repeat on
                </p>
                <div className="flex flex-wrap gap-2">
                  {WEEKDAY_NAMES.map((name, weekday) => {
                    const pressed = repeatWeekdays.includes(weekday);
                    return (
                      <button
                        key={name}
                        type="button"
                        aria-pressed={pressed}
                        aria-label={name}
                        onClick={() => toggleWeekday(weekday)}
                        className={`h-11 min-w-11 rounded-xl border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
                          pressed
                            ? 'border-brand-600 bg-brand-600 text-white dark:border-brand-400 dark:bg-brand-600'
                            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
                        }`}
                      >
                        {name.slice(0, 3)}
                      </button>
                    );
                  })}
                </div>
                {repeatErrors.weekdays ? (
                  <p id={`${ids.repeatDays}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">
                    {REPEAT_FIELD_ERRORS.weekdays}
                  </p>
                ) : null}
              </div>
              <Field
                id={ids.repeatUntil}
                label="Until"
                error={repeatErrors.until ? REPEAT_FIELD_ERRORS.until : undefined}
                hint={
                  <p id={ids.repeatHint} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {REPEAT_HORIZON_HINT}
                  </p>
                }
              >
                <input
                  id={ids.repeatUntil}
                  type="date"
                  min={isCalendarDay(firstDay) ? firstDay : todayInTimeZone(viewerTimeZone())}
                  className={fieldClasses}
                  aria-invalid={Boolean(repeatErrors.until)}
                  aria-describedby={[repeatErrors.until ? `${ids.repeatUntil}-error` : null, ids.repeatHint].filter(Boolean).join(' ')}
                  {...register('repeatUntil')}
                />
              </Field>
            </div>
          ) : null}
        </fieldset>
      )}

      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200">
          {failure}
        </p>
      ) : null}

      <Button type="submit" size="lg" className="w-full" disabled={formState.isSubmitting}>
        {ride ? (formState.isSubmitting ? 'Saving...' : 'Save changes') : formState.isSubmitting ? TEXTS.rides.posting : TEXTS.rides.postRide}
      </Button>
    </form>
  );
}

function errorsOfRepeat(errors: object): { weekdays: boolean; until: boolean } {
  const repeat = (errors as { repeat?: { weekdays?: unknown; until?: unknown } }).repeat;
  return { weekdays: Boolean(repeat?.weekdays), until: Boolean(repeat?.until) };
}
