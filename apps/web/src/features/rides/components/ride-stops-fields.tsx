import { placeDistanceMiles } from '@carpool/shared/distance';
import type { PlaceIndex } from '@carpool/shared/place-index';
import { RIDE_STOP_WITHIN_HOURS, RIDE_STOPS_MAX } from '@carpool/shared/schemas/rides';
import { useEffect, useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Field, FieldMessage } from '../../../components/form/field';
import { controlClasses, hintClasses, labelClasses } from '../../../components/form/form-classes';
import { Button } from '../../../components/ui/button';
import { PlaceOptions } from '../../../components/ui/place-options';
import { useRegion } from '../../../lib/region';
import { usePlacesOnTheWay } from '../api/get-places-on-the-way';
import { estimatedStopTime, type PostRideFormValues, type PostRideStopValues } from '../utils/post-ride-form';

const NEW_STOP: PostRideStopValues = { place: '', date: '', time: '', estimated: true };

/** Miles from the departure place, to keep stops in route order; unknown places go last. */
function milesFrom(places: PlaceIndex, from: string, place: string): number {
  try {
    return placeDistanceMiles(places, from, place);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * "Add a stop" of the post and edit forms: up to RIDE_STOPS_MAX stops in route order, each a place
 * of the region and a local day and time. A new stop's day and time are estimated from the road
 * distance and follow the departure until the driver changes them. Once both ends are chosen, the
 * places on the way are offered, each added in its place along the route.
 */
export function RideStopsFields({ timeZone, today }: { timeZone: string; today: string }) {
  const { places: regionPlaces } = useRegion();
  const suggestionsId = useId();
  const { control, register, setValue, getValues, formState } = useFormContext<PostRideFormValues>();
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'stops' });
  const [from, to, date, time, stops] = useWatch({ control, name: ['from', 'to', 'date', 'time', 'stops'] });
  const onTheWay = usePlacesOnTheWay(from, to);
  const full = fields.length >= RIDE_STOPS_MAX;
  const places = stops.map((stop) => stop.place).join(',');
  const estimatedOnes = stops.map((stop) => stop.estimated).join(',');

  // An estimated stop follows the departure and the places before it; one the driver timed stays.
  useEffect(() => {
    const values = getValues();
    values.stops.forEach((stop, index) => {
      if (!stop.estimated) return;
      const at = estimatedStopTime(regionPlaces, values, index, timeZone);
      if (!at || (at.date === stop.date && at.time === stop.time)) return;
      setValue(`stops.${index}.date`, at.date, { shouldValidate: formState.isSubmitted });
      setValue(`stops.${index}.time`, at.time, { shouldValidate: formState.isSubmitted });
    });
  }, [regionPlaces, timeZone, from, date, time, places, estimatedOnes, getValues, setValue, formState.isSubmitted]);

  const addOnTheWay = (place: string) => {
    const miles = milesFrom(regionPlaces, from, place);
    const at = stops.findIndex((stop) => stop.place && milesFrom(regionPlaces, from, stop.place) > miles);
    if (at === -1) append({ ...NEW_STOP, place }, { shouldFocus: false });
    else insert(at, { ...NEW_STOP, place }, { shouldFocus: false });
  };
  const chosen = new Set(stops.map((stop) => stop.place));
  const suggestions = (onTheWay.data ?? []).filter((suggestion) => !chosen.has(suggestion.place));
  // The driver's own time: it no longer follows the departure.
  const timedByHand = (index: number) => ({ onChange: () => setValue(`stops.${index}.estimated`, false) });

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className={labelClasses}>
        Stops (optional)
      </legend>
      {fields.length > 0 ? (
        <ol className="space-y-3">
          {fields.map((field, index) => {
            const number = index + 1;
            const label = stops[index]?.place ? regionPlaces.label(stops[index].place) : `stop ${number}`;
            return (
              <li key={field.id} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60" data-testid="ride-stop">
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_9.5rem_7.5rem]">
                  <Field name={`stops.${index}.place`} label={`Stop ${number}`} className="col-span-2 sm:col-span-1">
                    {(props) => (
                      <select {...props} className={controlClasses} {...register(`stops.${index}.place`)}>
                        <PlaceOptions blankLabel="Select a stop" />
                      </select>
                    )}
                  </Field>
                  <Field
                    name={`stops.${index}.date`}
                    label={
                      <>
                        <span className="sr-only">Stop {number} </span>Date
                      </>
                    }
                  >
                    {(props) => <input {...props} type="date" min={today} className={controlClasses} {...register(`stops.${index}.date`, timedByHand(index))} />}
                  </Field>
                  <Field
                    name={`stops.${index}.time`}
                    label={
                      <>
                        <span className="sr-only">Stop {number} </span>Time
                      </>
                    }
                  >
                    {(props) => <input {...props} type="time" className={controlClasses} {...register(`stops.${index}.time`, timedByHand(index))} />}
                  </Field>
                </div>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <p className={hintClasses}>{stops[index]?.estimated && stops[index]?.time ? 'Estimated from the distance; change it if you know better.' : null}</p>
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${label}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-red-300 dark:hover:bg-red-950/40"
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <FieldMessage name="stops" />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="h-11" onClick={() => append(NEW_STOP)} disabled={full}>
          Add a stop
        </Button>
        <span className={hintClasses}>
          {full ? `At most ${RIDE_STOPS_MAX} stops.` : `Up to ${RIDE_STOPS_MAX} stops, each within ${RIDE_STOP_WITHIN_HOURS} hours of the departure.`}
        </span>
      </div>
      {suggestions.length > 0 && !full ? (
        <div role="group" aria-labelledby={suggestionsId} className="space-y-1">
          <p id={suggestionsId} className="text-xs font-medium text-slate-500 dark:text-slate-400">
            On the way
          </p>
          <div className="flex flex-wrap gap-2">
            {suggestions.map((suggestion) => (
              <button
                key={suggestion.place}
                type="button"
                onClick={() => addOnTheWay(suggestion.place)}
                aria-label={`Add stop: ${suggestion.label}`}
                className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-brand-800 dark:bg-brand-950/60 dark:text-brand-200 dark:hover:bg-brand-900/60"
              >
                + {suggestion.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
