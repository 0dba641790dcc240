import { TEXTS } from '@carpool/shared/texts';
import { useFormContext, useWatch } from 'react-hook-form';
import { usePriceSuggestion } from '../api/get-price-suggestion';
import type { PostRideFormValues } from '../utils/post-ride-form';
import { formatPrice } from '../utils/ride-labels';

/**
 * The price field's hint: the spec's words, the suggested price per seat for the route through its
 * stops ("Suggested: $38"), and a warning when the price is well above it, or above the highest
 * the server takes when the operator set one.
 */
export function PriceSuggestionHint() {
  const { control } = useFormContext<PostRideFormValues>();
  const [from, to, stops, priceText] = useWatch({ control, name: ['from', 'to', 'stops', 'price'] });
  const { data: suggestion } = usePriceSuggestion(from, to, stops.map((stop) => stop.place));
  const price = priceText.trim() === '' ? Number.NaN : Number(priceText);
  const aboveCap = suggestion?.maxPrice != null && price > suggestion.maxPrice;
  const aboveWarning = suggestion !== undefined && price > suggestion.warnAbove;
  return (
    <>
      {TEXTS.priceHint}
      {suggestion ? <span className="ml-1 font-semibold text-slate-700 dark:text-slate-200">Suggested: {formatPrice(suggestion.suggestedPrice)}</span> : null}
      {aboveCap ? (
        <span className="mt-1 block font-medium text-red-700 dark:text-red-300">The highest price per seat for this route is {formatPrice(suggestion.maxPrice!)}.</span>
      ) : aboveWarning ? (
        <span className="mt-1 block font-medium text-amber-700 dark:text-amber-300">
          This is well above the suggested price for the distance (over {formatPrice(suggestion.warnAbove)}): passengers may look for a cheaper ride.
        </span>
      ) : null}
    </>
  );
}
