import { TEXTS } from '@carpool/shared/texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useRegion } from '../../../lib/region';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the message that says the terms are missing, while it shows. */
  describedBy?: string;
}

/** The terms every way in needs accepted first (spec section 5), remembered as acceptedTerms. */
export function TermsCheckbox({ checked, onChange, describedBy }: TermsCheckboxProps) {
  const id = useId();
  const { toPath } = useRegion();
  return (
    <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700 dark:text-slate-200">
        {TEXTS.acceptTermsPrefix}{' '}
        <Link to={toPath('/terms')} target="_blank" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
          {TEXTS.termsOfService}
        </Link>
      </label>
    </div>
  );
}
