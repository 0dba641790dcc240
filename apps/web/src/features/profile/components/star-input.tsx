import { MAX_STARS } from '@carpool/shared/constants';
import { useId } from 'react';
import { StarIcon } from './star-rating';

const WORDS = ['Terrible', 'Poor', 'Okay', 'Good', 'Excellent'];

/**
 * A radio group of 1..5 stars: arrow keys move between them (native radios), each star has a
 * label ("4 stars"), and the stars up to the chosen one light up. Each radio lies transparent over
 * its star, so a click or a tap lands on the radio itself.
 */
export function StarInput({
  value,
  onChange,
  legend,
  describedBy,
}: {
  value: number;
  onChange: (stars: number) => void;
  legend: string;
  /** The id of the message that says what is wrong with the rating. */
  describedBy?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-100">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="flex gap-1">
          {Array.from({ length: MAX_STARS }, (_, index) => {
            const stars = index + 1;
            return (
              <label key={stars} className="group relative cursor-pointer rounded-lg p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
                />
                <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
                <StarIcon filled={stars <= value} className="pointer-events-none h-9 w-9 transition-transform group-hover:scale-110" />
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {value > 0 ? WORDS[value - 1] : ''}
        </span>
      </div>
    </fieldset>
  );
}
