import { WINDOW_EVENTS } from '@carpool/shared/constants';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { RIDE_NOTE_MAX_CHARS, RIDE_NOTES_MAX_COUNT, WEEKDAY_NAMES, type CreatedRide, type CreateRide, type Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { isCalendarDay, todayInTimeZone, weekdayOf } from '@carpool/shared/time-zones';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Field, FieldMessage } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses, labelClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { AddressInput } from '../../../components/ui/address-input';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import type { PickedPlace } from '../../../lib/geocoder';
import { useSession } from '../../../lib/session';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { useWindowEvent } from '../../../lib/window-events';
import { useCreateRide } from '../api/create-ride';
import { getOpenRequestsAlongRide } from '../api/get-open-requests';
import { useUpdateRide } from '../api/update-ride';
import {
  POST_RIDE_DEFAULTS,
  POST_RIDE_FIELD_OF_BODY,
  REPEAT_HORIZON_HINT,
  editRideFormValues,
  postedRideMessage,
  postRideFormSchema,
  toUpdateRideBody,
} from '../utils/post-ride-form';
import { PlaceOptions } from '../../../components/ui/place-options';
import { PriceSuggestionHint } from './price-suggestion-hint';
import { RequestsAlongRide } from './requests-along-ride';
import { RideStopsFields } from './ride-stops-fields';

const SEAT_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The Post a New Ride dialog, mounted by the layout and opened by the header's open-post-ride
 * event. Once the ride is posted, the students whose open requests it serves are shown in the same
 * dialog, to message them; with none, it closes.
 */
export function PostRideModal() {
  const [open, setOpen] = useState(false);
  const [along, setAlong] = useState<RideRequest[] | null>(null);
  useWindowEvent(WINDOW_EVENTS.openPostRide, () => {
    setAlong(null);
    setOpen(true);
  });
  const close = () => {
    setOpen(false);
    setAlong(null);
  };
  const showRequestsAlong = async (created: CreatedRide) => {
    // Nice to have, never in the way: a failed read just closes the dialog as before.
    const requests = await getOpenRequestsAlongRide(created.id).catch(() => []);
    if (requests.length === 0) close();
    else setAlong(requests);
  };
  return (
    <Modal open={open} onClose={close} title={along ? 'Your ride is posted' : TEXTS.rides.postRideTitle} size="lg">
      {along ? (
        <div className="space-y-4">
          <RequestsAlongRide requests={along} />
          <div className="flex justify-end">
            <button type="button" onClick={close} className={buttonClasses('primary')}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <PostRideForm onDone={close} onPosted={showRequestsAlong} />
      )}
    </Modal>
  );
}

/**
 * Posts a new ride, or, given `ride`, edits it: prefilled, with the route locked (a different
 * route is a different ride) and no return trip.
 */
export function PostRideForm({ onDone, onPosted, ride }: { onDone: () => void; onPosted?: (created: CreatedRide) => void; ride?: Ride }) {
  const { user } = useSession();
  const createRide = useCreateRide();
  const updateRide = useUpdateRide();
  const { showToast } = useToast();
  const ids = { note: useId(), notesError: useId(), returnTrip: useId(), repeat: useId(), repeatDays: useId(), repeatDaysError: useId() };
  const [noteDraft, setNoteDraft] = useState('');
  const timeZone = viewerTimeZone();
  const schema = useMemo(() => postRideFormSchema(timeZone), [timeZone]);
  const form = useZodForm(schema, {
    defaultValues: ride ? editRideFormValues(ride, timeZone) : POST_RIDE_DEFAULTS,
    fieldOfBody: POST_RIDE_FIELD_OF_BODY,
    nestedFields: ['stops'],
  });
  const { register, control, setValue, reset, formState } = form;
  const notes = useWatch({ control, name: 'notes' });
  const withReturn = useWatch({ control, name: 'returnTrip' });
  const weekly = useWatch({ control, name: 'repeat' });
  const repeatWeekdays = useWatch({ control, name: 'repeatWeekdays' });
  const firstDay = useWatch({ control, name: 'date' });
  const today = todayInTimeZone(timeZone);
  const toggleWeekday = (weekday: number) =>
    setValue(
      'repeatWeekdays',
      repeatWeekdays.includes(weekday) ? repeatWeekdays.filter((day) => day !== weekday) : [...repeatWeekdays, weekday],
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );

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

  // The operator's cap refuses the price: the server's words go under the price, where it is fixed.
  const showPriceRefusal = (error: unknown) => {
    if (isApiError(error) && error.code === 'PRICE_ABOVE_CAP') form.setError('price', { type: 'server', message: error.message });
  };

  const onSubmit = async (body: CreateRide) => {
    if (!user) {
      form.showFailure(null, TEXTS.userNotAuthenticated);
      return;
    }
    if (ride) {
      try {
        await updateRide.mutateAsync({ rideId: ride.id, changes: toUpdateRideBody(ride, body) });
      } catch (error) {
        form.showFailure(error, serverMessage(error, TEXTS.createRideFailed));
        showPriceRefusal(error);
        return;
      }
      onDone();
      showToast({ message: 'Ride updated', tone: 'success' });
      return;
    }
    let created: CreatedRide;
    try {
      created = await createRide.mutateAsync(body);
    } catch (error) {
      form.showFailure(error, TEXTS.createRideFailed);
      showPriceRefusal(error);
      return;
    }
    reset(POST_RIDE_DEFAULTS);
    setNoteDraft('');
    if (onPosted) onPosted(created);
    else onDone();
    showToast({ message: postedRideMessage(created, TEXTS.rides.posted), tone: 'success' });
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label={ride ? 'Edit ride' : TEXTS.rides.postRideTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="from" label="From">
          {(props) => (
            <select {...props} disabled={Boolean(ride)} className={controlClasses} {...register('from')}>
              <PlaceOptions blankLabel="Select departure" />
            </select>
          )}
        </Field>
        <Field name="to" label="To">
          {(props) => (
            <select {...props} disabled={Boolean(ride)} className={controlClasses} {...register('to')}>
              <PlaceOptions blankLabel="Select destination" />
            </select>
          )}
        </Field>
        <Field name="date" label="Date">
          {(props) => <input {...props} type="date" min={today} className={controlClasses} {...register('date')} />}
        </Field>
        <Field name="time" label="Time">
          {(props) => <input {...props} type="time" className={controlClasses} {...register('time')} />}
        </Field>
        <Field name="totalSeats" label="Seats">
          {(props) => (
            <select {...props} className={controlClasses} {...register('totalSeats')}>
              {SEAT_CHOICES.map((count) => (
                <option key={count} value={String(count)}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="totalSuitcases" label="Suitcases">
          {(props) => (
            <select {...props} className={controlClasses} {...register('totalSuitcases')}>
              {SEAT_CHOICES.map((count) => (
                <option key={count} value={String(count)}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <RideStopsFields timeZone={timeZone} today={today} />

      <Field name="price" label="Price per seat ($)" hint={<PriceSuggestionHint />}>
        {(props) => <input {...props} type="number" inputMode="decimal" min={1} step="0.01" placeholder="25" className={controlClasses} {...register('price')} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        {/* "(optional)" is part of the label's text: the fields are found by that name. */}
        <Field name="pickupAddress" label="Pickup address (optional)">
          {(props) => <AddressInput {...props} autoComplete="off" placeholder="Where passengers meet you" className={controlClasses} {...pickup} onPick={pickPickup} />}
        </Field>
        <Field name="dropoffAddress" label="Drop-off address (optional)">
          {(props) => <AddressInput {...props} autoComplete="off" placeholder="Where the ride ends" className={controlClasses} {...dropoff} onPick={pickDropoff} />}
        </Field>
      </div>

      {/* min-w-0: a fieldset is as wide as its content's min-content by default, a long note's included. */}
      <fieldset className="min-w-0 space-y-2">
        <legend className={labelClasses}>Notes</legend>
        {notes.length > 0 ? (
          <ul className="space-y-2">
            {notes.map((note, index) => (
              <li key={`${index}-${note}`} className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
                {/* A word without spaces (a link, 300 x's) breaks anywhere, and the remove button stays in view. */}
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{note}</span>
                <button
                  type="button"
                  aria-label={`Remove note: ${note}`}
                  onClick={() => setValue('notes', notes.filter((_, position) => position !== index), { shouldDirty: true })}
                  className="shrink-0 rounded-md px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-700 dark:hover:text-white"
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
            className={controlClasses}
            aria-describedby={formState.errors.notes ? ids.notesError : undefined}
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
        <FieldMessage name="notes" id={ids.notesError} />
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
              <Field name="returnDate" label="Return date">
                {(props) => <input {...props} type="date" min={today} className={controlClasses} {...register('returnDate')} />}
              </Field>
              <Field name="returnTime" label="Return time">
                {(props) => <input {...props} type="time" className={controlClasses} {...register('returnTime')} />}
              </Field>
            </div>
          ) : null}
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
              <div role="group" aria-labelledby={ids.repeatDays} aria-describedby={formState.errors.repeatWeekdays ? ids.repeatDaysError : undefined}>
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
                <FieldMessage name="repeatWeekdays" id={ids.repeatDaysError} />
              </div>
              <Field name="repeatUntil" label="Until" hint={REPEAT_HORIZON_HINT}>
                {(props) => <input {...props} type="date" min={isCalendarDay(firstDay) ? firstDay : today} className={controlClasses} {...register('repeatUntil')} />}
              </Field>
            </div>
          ) : null}
        </fieldset>
      )}

      <FormError className="rounded-xl bg-red-50 p-3 dark:bg-red-950/50" />

      <SubmitButton size="lg" className="w-full" pendingText={ride ? 'Saving...' : TEXTS.rides.posting}>
        {ride ? 'Save changes' : TEXTS.rides.postRide}
      </SubmitButton>
    </Form>
  );
}
