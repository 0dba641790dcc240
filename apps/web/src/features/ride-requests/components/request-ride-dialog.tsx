import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS, MIN_SUITCASES, WINDOW_EVENTS } from '@carpool/shared/constants';
import { RIDE_REQUEST_ADDRESS_MAX_CHARS, RIDE_REQUEST_NOTE_MAX_CHARS } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { todayInTimeZone } from '@carpool/shared/time-zones';
import { useEffect, useMemo, useState } from 'react';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses, textareaClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
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
  REQUEST_FIELD_LABELS as LABELS,
  REQUEST_FIELD_OF_BODY,
  REQUEST_RIDE_FORM_DEFAULTS,
  requestRideFormSchema,
  toCreateRideRequestBody,
  wordRequestMessage,
  type RequestRideFormValues,
} from '../utils/request-form';

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/**
 * The Request a Ride modal (spec sections 2, 4, 5 and 8), mounted once in the layout and opened by
 * the open-request-ride window event (the header's button and the page's "Post a Request").
 * The form state lives here, outside the modal, so a draft survives closing the dialog, and also
 * an expired session: after signing in again the passenger finds what they typed.
 */
export function RequestRideDialog() {
  const { region, places } = useRegion();
  const { user, isSignedIn } = useSession();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [signInAfterExpiry, setSignInAfterExpiry] = useState(false);
  const timeZone = useMemo(() => viewerTimeZone(), []);
  const schema = useMemo(() => requestRideFormSchema(timeZone), [timeZone]);
  const createRequest = useCreateRideRequest();
  const form = useZodForm(schema, { defaultValues: REQUEST_RIDE_FORM_DEFAULTS, fieldOfBody: REQUEST_FIELD_OF_BODY, wording: wordRequestMessage });
  const { register, reset, setValue, clearErrors } = form;
  const isSubmitted = form.formState.isSubmitted;

  useWindowEvent(WINDOW_EVENTS.openRequestRide, (prefill) => {
    if (!isSignedIn) {
      openAuthModal('sign-in');
      return;
    }
    // From an empty search: its places and day, over whatever the draft had there.
    for (const field of ['from', 'to', 'date'] as const) {
      const value = prefill?.[field];
      if (value) setValue(field, value);
    }
    clearErrors('root');
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

  const submit = async (values: RequestRideFormValues) => {
    if (!user) {
      form.showFailure(null, TEXTS.userNotAuthenticated);
      return;
    }
    try {
      await createRequest.mutateAsync(toCreateRideRequestBody(values, timeZone));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        endExpiredSession(error.code);
        return;
      }
      form.showFailure(error, TEXTS.createRequestFailed);
      return;
    }
    reset(REQUEST_RIDE_FORM_DEFAULTS);
    setOpen(false);
    showToast({ message: TEXTS.rideRequests.created, tone: 'success' });
  };

  const placeOptions = places.list.map((place) => (
    <option key={place.slug} value={place.slug}>
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
      <Form form={form} onSubmit={submit} className="space-y-5">
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
          Tell drivers where you are headed; they can message you with a ride.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="from" label={LABELS.from}>
            {(props) => (
              <select {...props} {...register('from')} className={controlClasses}>
                <option value="">Select a place</option>
                {placeOptions}
              </select>
            )}
          </Field>
          <Field name="to" label={LABELS.to}>
            {(props) => (
              <select {...props} {...register('to')} className={controlClasses}>
                <option value="">Select a place</option>
                {placeOptions}
              </select>
            )}
          </Field>
          <Field name="preferredPickupAddress" label={LABELS.preferredPickupAddress}>
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
          <Field name="preferredDropoffAddress" label={LABELS.preferredDropoffAddress}>
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
          <Field name="date" label={LABELS.date}>
            {(props) => <input {...props} {...register('date')} type="date" min={todayInTimeZone(timeZone)} className={controlClasses} />}
          </Field>
          <Field name="time" label={LABELS.time}>
            {(props) => <input {...props} {...register('time')} type="time" className={controlClasses} />}
          </Field>
          <Field name="seatsNeeded" label={LABELS.seatsNeeded}>
            {(props) => (
              <select {...props} {...register('seatsNeeded', { valueAsNumber: true })} className={controlClasses}>
                {countOptions(MIN_SEATS, MAX_SEATS)}
              </select>
            )}
          </Field>
          <Field name="suitcasesNeeded" label={LABELS.suitcasesNeeded}>
            {(props) => (
              <select {...props} {...register('suitcasesNeeded', { valueAsNumber: true })} className={controlClasses}>
                {countOptions(MIN_SUITCASES, MAX_SUITCASES)}
              </select>
            )}
          </Field>
          <Field name="note" label={LABELS.note} optional className="sm:col-span-2">
            {(props) => (
              <textarea
                {...props}
                {...register('note')}
                rows={3}
                maxLength={RIDE_REQUEST_NOTE_MAX_CHARS}
                placeholder="Flexible on time, travelling light, happy to split tolls..."
                className={textareaClasses}
              />
            )}
          </Field>
        </div>

        <FormError className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 dark:border-red-900 dark:bg-red-950/50" />

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          <Button variant="secondary" size="lg" onClick={close}>
            Cancel
          </Button>
          <SubmitButton size="lg" pendingText={TEXTS.rideRequests.submitting}>
            {TEXTS.rideRequests.submit}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
