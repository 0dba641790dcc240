import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS, MIN_SUITCASES, WINDOW_EVENTS } from '@carpool/shared/constants';
import { PLACES } from '@carpool/shared/places';
import { RIDE_REQUEST_ADDRESS_MAX_CHARS, RIDE_REQUEST_NOTE_MAX_CHARS } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { todayInTimeZone } from '@carpool/shared/time-zones';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { AddressInput } from '../../../components/ui/address-input';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { clearSession } from '../../../lib/storage';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { dispatchWindowEvent, openAuthModal, useWindowEvent } from '../../../lib/window-events';
import { useCreateRideRequest } from '../api/create-ride-request';
import {
  fieldErrorsFromDetails,
  REQUEST_RIDE_FORM_DEFAULTS,
  requestRideFormSchema,
  toCreateRideRequestBody,
  type RequestRideFormField,
  type RequestRideFormValues,
} from '../utils/request-form';
import { controlClasses, fieldErrorClasses, labelClasses } from './form-styles';

const FIELD_LABELS: Record<RequestRideFormField, string> = {
  from: 'From',
  to: 'To',
  preferredPickupAddress: 'Pickup address',
  preferredDropoffAddress: 'Drop-off address',
  // Not fields of their own: a picked suggestion's coordinates, reported under its address.
  preferredPickupLat: 'Pickup location',
  preferredPickupLng: 'Pickup location',
  preferredDropoffLat: 'Drop-off location',
  preferredDropoffLng: 'Drop-off location',
  date: 'Date',
  time: 'Time',
  seatsNeeded: 'Seats needed',
  suitcasesNeeded: 'Suitcases needed',
  note: 'Notes',
};

/** "is required" -> "Date is required"; the shared schema words its messages to follow a name. */
function fieldMessage(field: RequestRideFormField, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  const { message } = error;
  return /^[a-z]/.test(message) ? `${FIELD_LABELS[field]} ${message}` : message;
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

interface FieldProps {
  field: RequestRideFormField;
  id: string;
  error: FieldError | undefined;
  optional?: boolean;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

function Field({ field, id, error, optional = false, className = '', children }: FieldProps) {
  const message = fieldMessage(field, error);
  const inputId = `${id}-${field}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClasses}>
        {FIELD_LABELS[field]}
        {optional ? <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span> : null}
      </label>
      {children({ id: inputId, 'aria-invalid': Boolean(message), 'aria-describedby': message ? errorId : undefined })}
      {message ? (
        <p id={errorId} className={fieldErrorClasses}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Request a Ride modal (spec sections 2, 4, 5 and 8), mounted once in the layout and opened by
 * the open-request-ride window event (the header's button and the page's "Post a Request").
 * The form state lives here, outside the modal, so a draft survives closing the dialog, and also
 * an expired session: after signing in again the passenger finds what they typed.
 */
export function RequestRideDialog() {
  const { region } = useRegion();
  const { user, isSignedIn } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [signInAfterExpiry, setSignInAfterExpiry] = useState(false);
  const timeZone = useMemo(() => viewerTimeZone(), []);
  const schema = useMemo(() => requestRideFormSchema(timeZone), [timeZone]);
  const createRequest = useCreateRideRequest();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RequestRideFormValues>({ resolver: zodResolver(schema), defaultValues: REQUEST_RIDE_FORM_DEFAULTS });

  useWindowEvent(WINDOW_EVENTS.openRequestRide, () => {
    if (!isSignedIn) {
      openAuthModal('sign-in');
      return;
    }
    setFormError(null);
    setOpen(true);
  });

  // The sign-in dialog only opens for a signed-out page, so it waits until the session has gone.
  useEffect(() => {
    if (signInAfterExpiry && !isSignedIn) openAuthModal('sign-in');
  }, [signInAfterExpiry, isSignedIn]);
  // Signed in again: the wish is fulfilled (adjusted while rendering, as React advises for derived state).
  if (signInAfterExpiry && isSignedIn) setSignInAfterExpiry(false);

  // A draft's places belong to the region it was typed in; the other region has other places.
  useEffect(() => {
    reset(REQUEST_RIDE_FORM_DEFAULTS);
  }, [region, reset]);

  const close = () => setOpen(false);

  /**
   * Spec section 8, "401 on a ride request": the stored user goes (with its token, which no longer
   * works), the spec's message shows, and the sign-in dialog opens, without the reload the API
   * client would do for other calls (see the ride-request-form-session-expiry decision).
   */
  const endExpiredSession = (code: string) => {
    clearSession(region);
    dispatchWindowEvent(WINDOW_EVENTS.authExpired, {
      region,
      reason: code === 'TOKEN_EXPIRED' ? 'expired' : 'unauthorized',
      announced: true,
    });
    showToast({ message: TEXTS.sessionExpiredLogin, tone: 'error' });
    setOpen(false);
    setSignInAfterExpiry(true);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (!user) {
      setFormError(TEXTS.userNotAuthenticated);
      return;
    }
    try {
      await createRequest.mutateAsync(toCreateRideRequestBody(values, timeZone));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        endExpiredSession(error.code);
        return;
      }
      if (isApiError(error) && error.status === 400) {
        for (const [field, message] of Object.entries(fieldErrorsFromDetails(error.details))) {
          setError(field as RequestRideFormField, { type: 'server', message });
        }
      }
      setFormError(TEXTS.createRequestFailed);
      return;
    }
    reset(REQUEST_RIDE_FORM_DEFAULTS);
    setOpen(false);
    showToast({ message: TEXTS.rideRequests.created, tone: 'success' });
  });

  const placeOptions = PLACES[region].map((place) => (
    <option key={place.value} value={place.value}>
      {place.label}
    </option>
  ));
  const countOptions = (min: number, max: number) =>
    range(min, max).map((value) => (
      <option key={value} value={value}>
        {value}
      </option>
    ));

  return (
    <Modal open={open} onClose={close} title={TEXTS.rideRequests.formTitle} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
          Tell drivers where you are headed; they can message you with a ride.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field="from" id={id} error={errors.from}>
            {(props) => (
              <select {...props} {...register('from')} className={controlClasses}>
                <option value="">Select a place</option>
                {placeOptions}
              </select>
            )}
          </Field>
          <Field field="to" id={id} error={errors.to}>
            {(props) => (
              <select {...props} {...register('to')} className={controlClasses}>
                <option value="">Select a place</option>
                {placeOptions}
              </select>
            )}
          </Field>
          <Field field="preferredPickupAddress" id={id} error={errors.preferredPickupAddress}>
            {(props) => (
              <AddressInput
                {...props}
                {...register('preferredPickupAddress', {
                  // Typed text no longer matches the picked place's coordinates.
                  onChange: () => {
                    setValue('preferredPickupLat', null);
                    setValue('preferredPickupLng', null);
                  },
                })}
                autoComplete="street-address"
                maxLength={RIDE_REQUEST_ADDRESS_MAX_CHARS}
                placeholder="Where should the driver pick you up?"
                className={controlClasses}
                onPick={(place) => {
                  setValue('preferredPickupAddress', place.address.slice(0, RIDE_REQUEST_ADDRESS_MAX_CHARS), { shouldDirty: true, shouldValidate: isSubmitted });
                  setValue('preferredPickupLat', place.lat);
                  setValue('preferredPickupLng', place.lng);
                }}
              />
            )}
          </Field>
          <Field field="preferredDropoffAddress" id={id} error={errors.preferredDropoffAddress}>
            {(props) => (
              <AddressInput
                {...props}
                {...register('preferredDropoffAddress', {
                  onChange: () => {
                    setValue('preferredDropoffLat', null);
                    setValue('preferredDropoffLng', null);
                  },
                })}
                maxLength={RIDE_REQUEST_ADDRESS_MAX_CHARS}
                placeholder="Where are you going?"
                className={controlClasses}
                onPick={(place) => {
                  setValue('preferredDropoffAddress', place.address.slice(0, RIDE_REQUEST_ADDRESS_MAX_CHARS), { shouldDirty: true, shouldValidate: isSubmitted });
                  setValue('preferredDropoffLat', place.lat);
                  setValue('preferredDropoffLng', place.lng);
                }}
              />
            )}
          </Field>
          <Field field="date" id={id} error={errors.date}>
            {(props) => <input {...props} {...register('date')} type="date" min={todayInTimeZone(timeZone)} className={controlClasses} />}
          </Field>
          <Field field="time" id={id} error={errors.time}>
            {(props) => <input {...props} {...register('time')} type="time" className={controlClasses} />}
          </Field>
          <Field field="seatsNeeded" id={id} error={errors.seatsNeeded}>
            {(props) => (
              <select {...props} {...register('seatsNeeded', { valueAsNumber: true })} className={controlClasses}>
                {countOptions(MIN_SEATS, MAX_SEATS)}
              </select>
            )}
          </Field>
          <Field field="suitcasesNeeded" id={id} error={errors.suitcasesNeeded}>
            {(props) => (
              <select {...props} {...register('suitcasesNeeded', { valueAsNumber: true })} className={controlClasses}>
                {countOptions(MIN_SUITCASES, MAX_SUITCASES)}
              </select>
            )}
          </Field>
          <Field field="note" id={id} error={errors.note} optional className="sm:col-span-2">
            {(props) => (
              <textarea
                {...props}
                {...register('note')}
                rows={3}
                maxLength={RIDE_REQUEST_NOTE_MAX_CHARS}
                placeholder="Flexible on time, travelling light, happy to split tolls..."
                className={`${controlClasses} h-auto py-2`}
              />
            )}
          </Field>
        </div>

        {formError ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
          >
            {formError}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          <Button variant="secondary" size="lg" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? TEXTS.rideRequests.submitting : TEXTS.rideRequests.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
